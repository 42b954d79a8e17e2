import type { TonOrder } from '@titans/shared/stars/schemas';
import { TonConnectUIProvider, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../lib/i18n/i18n.ts';

/** Five minutes for the wallet to sign before the message expires. */
const VALID_FOR_SECONDS = 300;

function SendWithWallet({ order, onSent, onError }: TonConnectPayProps) {
  const [tonConnectUI] = useTonConnectUI();
  const wallet = useTonWallet();
  const [sending, setSending] = useState(false);
  if (!wallet) {
    return (
      <Button variant="secondary" block onClick={() => void tonConnectUI.openModal()}>
        {t('tonConnectPay.connectTonWallet')}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      block
      disabled={sending}
      icon={
        sending ? <Spinner className="size-5" label={t('tonConnectPay.waitingForTheWallet')} /> : undefined
      }
      onClick={async () => {
        setSending(true);
        try {
          // The app fills in the amount, our address and the order comment (as a cell).
          await tonConnectUI.sendTransaction({
            validUntil: Math.floor(Date.now() / 1000) + VALID_FOR_SECONDS,
            messages: [{ address: order.address, amount: order.amount_nano, payload: order.payload }],
          });
          onSent();
        } catch (error) {
          onError(error);
        } finally {
          setSending(false);
        }
      }}
    >
      {t('tonConnectPay.sendFromWallet', {
        price_crypto: order.price_crypto,
        crypto_currency: order.crypto_currency,
      })}
    </Button>
  );
}

export interface TonConnectPayProps {
  order: TonOrder;
  onSent(): void;
  onError(error: unknown): void;
}

/** TON Connect (loaded only when a player pays with TON): connect a wallet and send the order. */
export default function TonConnectPay(props: TonConnectPayProps) {
  return (
    <TonConnectUIProvider manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}>
      <SendWithWallet {...props} />
    </TonConnectUIProvider>
  );
}
