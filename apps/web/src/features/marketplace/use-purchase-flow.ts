import { useState } from 'react';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { haptics } from '../../lib/haptics.ts';
import { balanceStore } from '../../lib/realtime/balance-store.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { usePurchase } from './api/purchase.ts';
import type { Product } from './product.ts';
import type { PurchaseStep } from './purchase-dialogs.tsx';
import { insufficientFunds, PURCHASE_TEXTS, purchaseFailure } from './purchase-texts.ts';

/**
 * Marketplace purchase: confirm, then the balance check, then the purchase call,
 * then the success or failure modal. The server decides; the check only spares a pointless call.
 */
export function usePurchaseFlow(product: Product | null) {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const { data: user } = useCurrentUser();
  const purchase = usePurchase(telegramUserId);
  const [state, setState] = useState<PurchaseStep>({ step: 'idle' });

  const fail = (message: string) => {
    haptics.error();
    audioEngine.play('error');
    setState({ step: 'failure', failure: { message, note: null, alreadyOwned: false } });
  };

  const pay = () => {
    if (!telegramUserId) return fail(PURCHASE_TEXTS.noAccount);
    if (!product) return fail(PURCHASE_TEXTS.noItem);
    const live = balanceStore.getState();
    const coins = live.synced ? live.coins : (user?.coins ?? 0);
    const short = insufficientFunds(product, coins, user?.gems ?? 0);
    if (short) {
      haptics.error();
      audioEngine.play('error');
      setState({ step: 'failure', failure: short });
      return;
    }
    setState({ step: 'paying' });
    purchase.mutate(
      { kind: product.kind, id: product.id },
      {
        onSuccess: () => {
          haptics.success();
          audioEngine.play('success');
          setState({ step: 'success' });
        },
        onError: (error) => {
          haptics.error();
          audioEngine.play('error');
          setState({ step: 'failure', failure: purchaseFailure(product, error) });
        },
      },
    );
  };

  return {
    state,
    open: () => {
      haptics.medium();
      setState({ step: 'confirm' });
    },
    pay,
    cancel: () => setState({ step: 'idle' }),
    done: () => setState({ step: 'idle' }),
  };
}
