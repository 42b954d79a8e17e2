import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { useSoundSettings } from '../../lib/audio/sound-settings.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** Home's mute/unmute music button (the setting is saved). */
export function MusicToggle() {
  const muted = useSoundSettings((state) => state.musicMuted);
  const toggle = useSoundSettings((state) => state.toggleMusic);
  return (
    <button
      type="button"
      aria-label={muted ? t('musicToggle.unmuteMusic') : t('musicToggle.muteMusic')}
      aria-pressed={muted}
      onClick={() => {
        haptics.selection();
        toggle();
      }}
      className="grid size-9 place-items-center rounded-full bg-night-950/60 ring-1 ring-white/15 transition-transform active:scale-90"
    >
      <EmojiArt name={muted ? 'muted-speaker' : 'speaker-high-volume'} className="size-5.5" />
    </button>
  );
}
