import { useId } from 'react';
import { useSoundSettings } from '../../lib/audio/sound-settings.ts';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';

/**
 * A switch named by its row ("Music"); its state is aria-checked and the word beside the
 * track, which follows it (decisions: D-UI-2). The knob sits inside the track, left when
 * off on a dim track, right when on on a green one.
 */
export function SoundSwitch({
  labelledBy,
  on,
  onToggle,
  disabled,
}: {
  labelledBy: string;
  on: boolean;
  onToggle(): void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      disabled={disabled}
      data-testid="sound-switch"
      onClick={() => {
        haptics.selection();
        onToggle();
      }}
      className="flex items-center gap-2 disabled:opacity-40"
    >
      <span
        data-testid="sound-switch-state"
        className={cx(
          'w-7 text-end text-[12px] font-black tracking-[0.08em] uppercase',
          on ? 'text-success-400' : 'text-muted',
        )}
      >
        {on ? t('soundSettingsPanel.on') : t('soundSettingsPanel.off')}
      </span>
      <span
        data-testid="sound-switch-track"
        className={cx(
          'relative flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 ring-1 transition-colors',
          on
            ? 'bg-[linear-gradient(180deg,#86efac,#16a34a)] ring-success-400/60'
            : 'bg-night-950/70 ring-white/20',
        )}
      >
        <span
          data-testid="sound-switch-knob"
          className={cx(
            'size-6 rounded-full shadow transition-transform',
            on ? 'translate-x-5 bg-white' : 'translate-x-0 bg-white/45',
          )}
        />
      </span>
    </button>
  );
}

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
  const id = useId();
  const on = !muted;
  return (
    <div className="py-2">
      <div className="flex items-center justify-between gap-3">
        <span id={id} className="text-[15px] font-extrabold text-ink">
          {label}
        </span>
        <SoundSwitch labelledBy={id} on={on} onToggle={() => onMuted(on)} />
      </div>
      {/* spec-a §2: a slider from 0 to 1 in steps of 0.01, disabled while muted. */}
      <input
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={volume}
        disabled={muted}
        aria-label={t('soundSettingsPanel.volume', { label })}
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
        label={t('soundSettingsPanel.music')}
        muted={settings.musicMuted}
        volume={settings.musicVolume}
        onMuted={settings.setMusicMuted}
        onVolume={settings.setMusicVolume}
      />
      <SoundRow
        label={t('soundSettingsPanel.gameSounds')}
        muted={settings.effectsMuted}
        volume={settings.effectsVolume}
        onMuted={settings.setEffectsMuted}
        onVolume={settings.setEffectsVolume}
      />
    </div>
  );
}
