import { REFERRAL_MESSAGE_MS } from '@titans/shared/constants';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useUpgradeReferral } from './api/upgrade-referral.ts';

/** the default success message. */
const UPGRADE_SUCCESS = () => t('useReferralUpgrade.referralBonusUpgradedSuccessfully');

export interface UpgradeMessage {
  tone: 'success' | 'error';
  text: string;
}

/** The server's message when it gave one, else the spec's texts. */
function upgradeFailure(error: unknown): string {
  if (isApiError(error) && error.isHttpError)
    return error.message || t('useReferralUpgrade.failedToUpgradeReferral');
  return t('useReferralUpgrade.errorUpgradingReferralPlease');
}

/**
 * The referral upgrade: the call, and its message, auto-dismissed after 5 s. A refusal
 * the panel could not foresee (the Stars spent meanwhile) shows the server's message.
 */
export function useReferralUpgrade(telegramUserId: string) {
  const upgrade = useUpgradeReferral(telegramUserId);
  const [message, setMessage] = useState<UpgradeMessage | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), REFERRAL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const onUpgrade = () => {
    upgrade.mutate(undefined, {
      onSuccess: () => {
        haptics.success();
        audioEngine.play('success');
        setMessage({ tone: 'success', text: UPGRADE_SUCCESS() });
      },
      onError: (error) => {
        haptics.error();
        audioEngine.play('error');
        setMessage({ tone: 'error', text: upgradeFailure(error) });
      },
    });
  };

  return { message, upgrading: upgrade.isPending, onUpgrade };
}
