import { DEFAULT_MASTER_VOLUME, DEFAULT_MUSIC_VOLUME, DEFAULT_SFX_VOLUME } from '@titans/shared/constants';
import { create } from 'zustand';
import { localStore } from '../local-storage.ts';

/** Local stored state: musicMuted, musicVolume, the sound-effect flag and volume. */
export const SOUND_STORAGE_KEYS = {
  musicMuted: 'musicMuted',
  musicVolume: 'musicVolume',
  effectsMuted: 'soundEffectsMuted',
  effectsVolume: 'soundEffectsVolume',
  masterVolume: 'masterVolume',
} as const;

export interface SoundSettings {
  musicMuted: boolean;
  /** 0..1, default 0.5. */
  musicVolume: number;
  effectsMuted: boolean;
  /** 0..1, default 0.5. */
  effectsVolume: number;
  /** 0..1, default 0.7: scales music and effects together. */
  masterVolume: number;
}

interface SoundSettingsState extends SoundSettings {
  setMusicMuted(muted: boolean): void;
  toggleMusic(): void;
  setMusicVolume(volume: number): void;
  setEffectsMuted(muted: boolean): void;
  setEffectsVolume(volume: number): void;
}

/** "Volumes are clamped to 0..1." */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

function readFlag(key: string, fallback: boolean): boolean {
  const value = localStore.get(key);
  return value === 'true' ? true : value === 'false' ? false : fallback;
}

function readVolume(key: string, fallback: number): number {
  const text = localStore.get(key);
  if (text === null || text.trim() === '') return fallback;
  const value = Number(text);
  return Number.isFinite(value) ? clampVolume(value) : fallback;
}

/** The stored settings, with the spec's defaults for what was never set. */
export function readSoundSettings(): SoundSettings {
  return {
    musicMuted: readFlag(SOUND_STORAGE_KEYS.musicMuted, false),
    musicVolume: readVolume(SOUND_STORAGE_KEYS.musicVolume, DEFAULT_MUSIC_VOLUME),
    effectsMuted: readFlag(SOUND_STORAGE_KEYS.effectsMuted, false),
    effectsVolume: readVolume(SOUND_STORAGE_KEYS.effectsVolume, DEFAULT_SFX_VOLUME),
    masterVolume: readVolume(SOUND_STORAGE_KEYS.masterVolume, DEFAULT_MASTER_VOLUME),
  };
}

/**
 * Music and sound-effect settings, saved on every change. Home's mute button and the Profile's
 * Sound Settings (mute toggles, sliders from 0 to 1 in steps of 0.01) both write here.
 */
export const useSoundSettings = create<SoundSettingsState>((set) => ({
  ...readSoundSettings(),
  setMusicMuted(muted) {
    localStore.set(SOUND_STORAGE_KEYS.musicMuted, String(muted));
    set({ musicMuted: muted });
  },
  toggleMusic() {
    const muted = !useSoundSettings.getState().musicMuted;
    localStore.set(SOUND_STORAGE_KEYS.musicMuted, String(muted));
    set({ musicMuted: muted });
  },
  setMusicVolume(volume) {
    const value = clampVolume(volume);
    localStore.set(SOUND_STORAGE_KEYS.musicVolume, String(value));
    set({ musicVolume: value });
  },
  setEffectsMuted(muted) {
    localStore.set(SOUND_STORAGE_KEYS.effectsMuted, String(muted));
    set({ effectsMuted: muted });
  },
  setEffectsVolume(volume) {
    const value = clampVolume(volume);
    localStore.set(SOUND_STORAGE_KEYS.effectsVolume, String(value));
    set({ effectsVolume: value });
  },
}));
