import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { t } from '../../lib/i18n/i18n.ts';

/** the overlay text when no reason is given, and the line that always follows. */
export const SUSPENDED_TEXT = () => t('accountSuspendedOverlay.yourAccountHasBeen');
export const CONTACT_SUPPORT_TEXT = () => t('accountSuspendedOverlay.ifYouBelieveThis');

/** Account Suspended: a full-screen overlay with the reason; nothing of the game shows behind it. */
export function AccountSuspendedOverlay({ reason }: { reason: string | null }) {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="account-suspended-title"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center overflow-hidden bg-night-950 px-7 pt-safe-top pb-safe-bottom text-center"
    >
      <div className="absolute inset-0 bg-[radial-gradient(80%_50%_at_50%_35%,rgb(220_38_38/0.35),transparent_70%)]" />
      <div className="relative mb-7 grid size-40 place-items-center animate-pop-in">
        <div className="absolute inset-3 rounded-full bg-danger-500/40 blur-2xl animate-glow" />
        <EmojiArt name="prohibited" className="relative size-28 drop-shadow-[0_12px_20px_rgb(0_0_0/0.6)]" />
      </div>
      <h1
        id="account-suspended-title"
        className="relative font-display text-[34px] leading-none text-danger-400 text-outline"
      >
        {t('accountSuspendedOverlay.accountSuspended')}
      </h1>
      <div className="relative mt-5 w-full max-w-[340px] rounded-3xl bg-danger-800/35 px-5 py-4 ring-1 ring-danger-400/40">
        <p className="text-[17px] font-extrabold leading-snug text-ink">
          {reason?.trim() || SUSPENDED_TEXT()}
        </p>
      </div>
      <p className="relative mt-5 max-w-[320px] text-[15px] leading-snug text-muted">
        {CONTACT_SUPPORT_TEXT()}
      </p>
    </div>
  );
}
