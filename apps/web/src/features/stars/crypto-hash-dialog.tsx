import { CRYPTO_CONFIRM_DELAY_MS } from '@titans/shared/constants';
import { isValidTransactionHash } from '@titans/shared/stars/schemas';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { HashField } from './hash-field.tsx';
import { STARS_TEXTS } from './stars-texts.ts';

/**
 * The confirm-with-hash dialog. The hash must be at least 10 characters after
 * trimming; then Processing shows for 1 s before the purchase call.
 */
export function CryptoHashDialog({
  onSubmit,
  onClose,
}: {
  /** Makes the purchase call; settles when it answered (the caller shows the result dialogs). */
  onSubmit(hash: string): Promise<void>;
  onClose(): void;
}) {
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const confirm = async () => {
    if (processing) return;
    if (!isValidTransactionHash(hash)) {
      haptics.error();
      setError(STARS_TEXTS.invalidHash);
      return;
    }
    setError(null);
    setProcessing(true);
    await new Promise((resolve) => setTimeout(resolve, CRYPTO_CONFIRM_DELAY_MS));
    try {
      await onSubmit(hash.trim());
    } finally {
      if (alive.current) setProcessing(false);
    }
  };

  return (
    <Dialog
      open
      title={t('cryptoHashDialog.confirmTransaction')}
      onClose={processing ? undefined : onClose}
      art={<EmojiArt name="scroll" className="size-20" />}
      actions={
        <>
          <Button
            block
            size="lg"
            disabled={processing}
            onClick={() => void confirm()}
            icon={
              processing ? <Spinner className="size-5" label={t('cryptoHashDialog.processing')} /> : undefined
            }
          >
            {processing ? t('cryptoHashDialog.processing2') : t('cryptoHashDialog.confirm')}
          </Button>
          <Button variant="ghost" block disabled={processing} onClick={onClose}>
            {t('cryptoHashDialog.cancel')}
          </Button>
        </>
      }
    >
      <p>{t('cryptoHashDialog.pasteTheHashOf')}</p>
      <HashField
        value={hash}
        error={error}
        disabled={processing}
        onChange={(value) => {
          setHash(value);
          if (error) setError(null);
        }}
      />
    </Dialog>
  );
}
