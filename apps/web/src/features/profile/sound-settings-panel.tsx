import { useSoundSettings } from '../../lib/audio/sound-settings.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';

function SoundRow({
  label,
  muted,
  volume,
  onMuted,
  onVolume,
}: {
  label: string;
  muted: boolean;
  volume: number;
  onMuted(muted: boolean): void;
  onVolume(volume: number): void;
}) {
  return (
    <div className="py-2">
      <div className="flex items-center justify-between">
        <span className="text-[15px] font-extrabold text-ink">{label}</span>
        <button
          type="button"
          role="switch"
          aria-checked={!muted}
          aria-label={`${label} on`}
          onClick={() => {
            haptics.selection();
            onMuted(!muted);
          }}
          className={cx(
            'relative h-7 w-12 rounded-full transition-colors',
            muted ? 'bg-white/15' : 'bg-[linear-gradient(180deg,#86efac,#16a34a)]',
          )}
        >
          <span
            className={cx(
              'absolute top-0.5 size-6 rounded-full bg-white shadow transition-transform',
              muted ? 'translate-x-0.5' : 'translate-x-[22px]',
            )}
          />
        </button>
      </div>
      {/* spec-a §2: a slider from 0 to 1 in steps of 0.01, disabled while muted. */}
      <input
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={volume}
        disabled={muted}
        aria-label={`${label} volume`}
        onChange={(event) => onVolume(Number(event.target.value))}
        className="mt-2 w-full accent-gold-400 disabled:opacity-40"
      />
    </div>
  );
}

/** Sound Settings (spec-a §2): music and game sounds, each a mute toggle and a volume slider. */
export function SoundSettingsPanel() {
  const settings = useSoundSettings();
  return (
    <div className="divide-y divide-white/10">
      <SoundRow
        label="Music"
        muted={settings.musicMuted}
        volume={settings.musicVolume}
        onMuted={settings.setMusicMuted}
        onVolume={settings.setMusicVolume}
      />
      <SoundRow
        label="Game Sounds"
        muted={settings.effectsMuted}
        volume={settings.effectsVolume}
        onMuted={settings.setEffectsMuted}
        onVolume={settings.setEffectsVolume}
      />
    </div>
  );
}
