/** The round ‹ button that leads back from a sub-page (Profile's FAQ and Achievements, a product). */
export function RoundBackButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid size-10 shrink-0 place-items-center rounded-full bg-white/[0.08] text-[22px] text-ink ring-1 ring-white/15 active:scale-95"
    >
      <span className="rtl:-scale-x-100">‹</span>
    </button>
  );
}
