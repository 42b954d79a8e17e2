import type { TonOrder } from '@titans/shared/stars/schemas';
import { TonConnectUIProvider, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** Five minutes for the wallet to sign before the message expires. */
const VALID_FOR_SECONDS = 300;

function SendWithWallet({ order, onSent, onError }: TonConnectPayProps) {
  const [tonConnectUI] = useTonConnectUI();
  const wallet = useTonWallet();
  const [sending, setSending] = useState(false);
  if (!wallet) {
    return (
      <Button variant="secondary" block onClick={() => void tonConnectUI.openModal()}>
        Connect TON wallet
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      block
      disabled={sending}
      icon={sending ? <Spinner className="size-5" label="Waiting for the wallet" /> : undefined}
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
      {`Send ${order.price_crypto} ${order.crypto_currency} from wallet`}
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
