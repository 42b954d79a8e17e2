/** The title row of a Profile sub-page (FAQ, Achievements): a round back button and the heading. */
export function SubPageHeader({ title, onBack }: { title: string; onBack(): void }) {
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={onBack}
        aria-label="Back to Profile"
        className="grid size-10 place-items-center rounded-full bg-white/[0.08] text-[22px] text-ink ring-1 ring-white/15 active:scale-95"
      >
        ‹
      </button>
      <h1 className="font-display text-[28px] leading-none text-gold">{title}</h1>
    </div>
  );
}
