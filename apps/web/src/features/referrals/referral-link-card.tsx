import { COPIED_LABEL_MS } from '@titans/shared/constants';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { copyText, shareInvite } from './share-invite.ts';

/** What the share sheet sends along with the link. */
export const INVITE_MESSAGE = () => t('referralLinkCard.joinMeInTitans');

/**
 * The player's referral link with Copy (reads Copied for 2 s), and the Invite button
 * that opens Telegram's share sheet.
 */
export function ReferralLinkCard({ link }: { link: string | null }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (!link) return;
    try {
      await copyText(link);
      haptics.success();
      setCopied(true);
    } catch {
      toast.error(t('referralLinkCard.couldNotCopyThe'));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="panel flex items-center gap-2 rounded-2xl py-2 pe-2 ps-3.5">
        <EmojiArt name="handshake" className="size-7 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="text-[10px] font-black tracking-[0.16em] text-muted uppercase">
            {t('referralLinkCard.yourInviteLink')}
          </p>
          <p
            className="truncate text-[14px] font-extrabold text-ink"
            data-testid="referral-link"
            // An address, not words: no language translates it (the pseudo-locale walk skips it too).
            translate="no"
            title={link ?? ''}
          >
            {link ?? '…'}
          </p>
        </div>
        <Button
          size="sm"
          variant={copied ? 'ghost' : 'secondary'}
          disabled={!link}
          onClick={() => void onCopy()}
          className={cx('min-w-[92px]', copied && 'text-success-400')}
          aria-live="polite"
        >
          {copied ? t('referralLinkCard.copied') : t('referralLinkCard.copy')}
        </Button>
      </div>
      <Button
        size="lg"
        block
        disabled={!link}
        onClick={() => link && shareInvite(link, INVITE_MESSAGE())}
        icon={<EmojiArt name="people-hugging" className="relative size-7" />}
      >
        {t('referralLinkCard.inviteAFriend')}
      </Button>
    </div>
  );
}
