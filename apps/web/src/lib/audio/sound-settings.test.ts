import { beforeEach, describe, expect, test } from 'vitest';
import { clampVolume, readSoundSettings, SOUND_STORAGE_KEYS, useSoundSettings } from './sound-settings.ts';

describe('sound settings (local state)', () => {
  beforeEach(() => localStorage.clear());

  test('defaults: music 0.5, effects 0.5, master 0.7, nothing muted', () => {
    expect(readSoundSettings()).toEqual({
      musicMuted: false,
      musicVolume: 0.5,
      effectsMuted: false,
      effectsVolume: 0.5,
      masterVolume: 0.7,
    });
  });

  test('every change is saved under its key and read back on the next launch', () => {
    const settings = useSoundSettings.getState();
    settings.toggleMusic();
    settings.setMusicVolume(0.25);
    settings.setEffectsMuted(true);
    settings.setEffectsVolume(0.8);
    expect(localStorage.getItem(SOUND_STORAGE_KEYS.musicMuted)).toBe('true');
    expect(localStorage.getItem('musicVolume')).toBe('0.25');
    expect(readSoundSettings()).toMatchObject({
      musicMuted: true,
      musicVolume: 0.25,
      effectsMuted: true,
      effectsVolume: 0.8,
    });
    useSoundSettings.getState().toggleMusic();
    expect(useSoundSettings.getState().musicMuted).toBe(false);
  });

  test('volumes are clamped to 0..1, and unreadable values fall back to the defaults', () => {
    expect([clampVolume(-1), clampVolume(0.42), clampVolume(3), clampVolume(Number.NaN)]).toEqual([
      0, 0.42, 1, 0,
    ]);
    useSoundSettings.getState().setMusicVolume(7);
    expect(useSoundSettings.getState().musicVolume).toBe(1);
    localStorage.setItem('musicVolume', 'loud');
    localStorage.setItem('musicMuted', 'maybe');
    expect(readSoundSettings()).toMatchObject({ musicVolume: 0.5, musicMuted: false });
  });
});
