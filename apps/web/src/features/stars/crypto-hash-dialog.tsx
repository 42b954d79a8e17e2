import { CRYPTO_CONFIRM_DELAY_MS } from '@titans/shared/constants';
import { isValidTransactionHash } from '@titans/shared/stars/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { STARS_TEXTS } from './stars-texts.ts';

/**
 * spec-a §2 and §4: the confirm-with-hash dialog. The hash must be at least 10 characters after
 * trimming (§5); then Processing shows for 1 s before the purchase call (§9).
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
  const inputId = useId();
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
      title="Confirm Transaction"
      onClose={processing ? undefined : onClose}
      art={<EmojiArt name="scroll" className="size-20" />}
      actions={
        <>
          <Button
            block
            size="lg"
            disabled={processing}
            onClick={() => void confirm()}
            icon={processing ? <Spinner className="size-5" label="Processing" /> : undefined}
          >
            {processing ? 'Processing...' : 'Confirm'}
          </Button>
          <Button variant="ghost" block disabled={processing} onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <p>
        Paste the hash of the TON transaction you sent. We check it on the TON network before adding your
        Stars.
      </p>
      <label
        htmlFor={inputId}
        className="mt-4 block text-left text-[12px] font-black tracking-[0.14em] text-gold-200/90 uppercase"
      >
        Transaction hash
      </label>
      <input
        id={inputId}
        value={hash}
        disabled={processing}
        onChange={(event) => {
          setHash(event.target.value);
          if (error) setError(null);
        }}
        placeholder="e.g. 3f9a…c41d"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cx(
          'mt-1.5 w-full rounded-2xl bg-night-950/70 px-3.5 py-3 font-mono text-[14px] text-ink ring-1 placeholder:text-faint focus:outline-none focus:ring-2',
          error ? 'ring-danger-500' : 'ring-white/15 focus:ring-gold-300/70',
        )}
      />
      {error && (
        <p
          id={`${inputId}-error`}
          role="alert"
          className="mt-2 text-left text-[14px] font-bold text-danger-400"
        >
          {error}
        </p>
      )}
    </Dialog>
  );
}
