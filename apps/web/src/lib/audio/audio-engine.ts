import type { SoundEffect } from './sound-effects.ts';
import { type SoundSettings, useSoundSettings } from './sound-settings.ts';

/** What `window.__titansAudio` reports (browser tests read it to hear the game without ears). */
export interface AudioReport {
  /** The theme is looping into an audible, running audio graph. */
  playing: boolean;
  /** The music volume setting applied to the music bus (0.5 by default). */
  volume: number;
  /** The master volume (0.7 by default); the output level of the music is volume × masterVolume. */
  masterVolume: number;
  outputVolume: number;
  muted: boolean;
  contextState: AudioContextState | 'none';
  /** RMS of what the music bus is producing right now: above 0 when sound really flows. */
  level: number;
  effectsPlayed: number;
}

declare global {
  interface Window {
    __titansAudio?: AudioReport;
    webkitAudioContext?: typeof AudioContext;
  }
}

/** How quickly volume changes glide (seconds, time constant): no clicks. */
const GLIDE = 0.04;

/**
 * The game's sound: one AudioContext, created on the first user gesture (browsers start audio
 * only after one), with a master bus (0.7) feeding music (0.5) and effects (0.5) buses. The
 * music is the generated Titans theme (soundtrack.ts) looping; the effects are ZzFX sounds
 * built once into buffers. Sound pauses while the app is in the background. The composer and
 * the effects' recipes are chunks of their own, imported after the first gesture: none of
 * them is needed for the first screen, whose script shares a slow link (D-WEB-47).
 */
class AudioEngine {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private music: GainNode | null = null;
  private effects: GainNode | null = null;
  private analyser: AnalyserNode | null = null;
  private analyserData: Float32Array<ArrayBuffer> | null = null;
  private soundtrack: Promise<AudioBuffer> | null = null;
  private source: AudioBufferSourceNode | null = null;
  private startingMusic = false;
  private readonly buffers = new Map<SoundEffect, AudioBuffer[]>();
  private loadingEffects: Promise<void> | null = null;
  private effectsPlayed = 0;
  private settings: SoundSettings = useSoundSettings.getState();

  /**
   * Creates the audio context ahead of the first gesture, in a quiet moment: it starts suspended
   * (browsers let it run only after a gesture), and creating it takes about 100 ms of the main
   * thread on a slow phone, which the first tap would otherwise wait for.
   */
  prepare(): void {
    if (typeof window === 'undefined' || this.context) return;
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    try {
      this.build(new Context({ latencyHint: 'interactive' }));
    } catch (error) {
      console.warn('[audio] no audio context', error);
    }
  }

  /** Called from a user gesture: creates or resumes the audio context and starts the music. */
  unlock(): void {
    if (typeof window === 'undefined') return;
    this.prepare();
    const context = this.context;
    if (context && context.state !== 'running' && document.visibilityState === 'visible') {
      context.resume().then(
        () => this.syncMusic(),
        (error: unknown) => console.warn('[audio] could not start audio', error),
      );
    }
    void this.loadEffects();
    this.syncMusic();
  }

  /** True once audio runs (the first gesture has happened). */
  get running(): boolean {
    return this.context?.state === 'running';
  }

  play(effect: SoundEffect): void {
    const context = this.context;
    if (context?.state !== 'running' || this.settings.effectsMuted || !this.effects) return;
    const variants = this.buffers.get(effect);
    if (!variants || variants.length === 0) return;
    const buffer = variants[this.effectsPlayed % variants.length];
    if (!buffer) return;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.effects);
    source.start();
    this.effectsPlayed++;
  }

  report(): AudioReport {
    const context = this.context;
    let level = 0;
    if (this.analyser && this.analyserData) {
      this.analyser.getFloatTimeDomainData(this.analyserData);
      let sum = 0;
      for (const sample of this.analyserData) sum += sample * sample;
      level = Math.sqrt(sum / this.analyserData.length);
    }
    const { musicVolume, masterVolume, musicMuted } = this.settings;
    return {
      playing: Boolean(context && context.state === 'running' && this.source && !musicMuted),
      volume: musicVolume,
      masterVolume,
      outputVolume: musicMuted ? 0 : musicVolume * masterVolume,
      muted: musicMuted,
      contextState: context?.state ?? 'none',
      level,
      effectsPlayed: this.effectsPlayed,
    };
  }

  private build(context: AudioContext) {
    this.context = context;
    this.master = context.createGain();
    this.music = context.createGain();
    this.effects = context.createGain();
    this.analyser = context.createAnalyser();
    this.analyser.fftSize = 1024;
    this.analyserData = new Float32Array(this.analyser.fftSize);
    this.music.connect(this.analyser);
    this.music.connect(this.master);
    this.effects.connect(this.master);
    this.master.connect(context.destination);
    this.applyVolumes(true);
    useSoundSettings.subscribe((settings) => {
      this.settings = settings;
      this.applyVolumes(false);
      this.syncMusic();
    });
    document.addEventListener('visibilitychange', () => {
      // Silent in the background (Telegram minimised, phone locked); back where it was after.
      if (document.visibilityState === 'hidden') void context.suspend().catch(() => {});
      else
        void context.resume().then(
          () => this.syncMusic(),
          () => {},
        );
    });
  }

  private applyVolumes(immediate: boolean) {
    const context = this.context;
    if (!context || !this.master || !this.music || !this.effects) return;
    const { masterVolume, musicMuted, musicVolume, effectsMuted, effectsVolume } = this.settings;
    const targets: Array<[GainNode, number]> = [
      [this.master, masterVolume],
      [this.music, musicMuted ? 0 : musicVolume],
      [this.effects, effectsMuted ? 0 : effectsVolume],
    ];
    for (const [node, value] of targets) {
      if (immediate) node.gain.value = value;
      else node.gain.setTargetAtTime(value, context.currentTime, GLIDE);
    }
  }

  /** Music plays while audio runs and it is not muted; muting stops it (after a short fade). */
  private syncMusic() {
    const context = this.context;
    if (!context || !this.music) return;
    const wanted = context.state === 'running' && !this.settings.musicMuted;
    if (wanted && !this.source && !this.startingMusic) void this.startMusic(context, this.music);
    if (!wanted && this.source && this.settings.musicMuted) {
      const source = this.source;
      this.source = null;
      source.stop(context.currentTime + GLIDE * 5);
    }
  }

  private async startMusic(context: AudioContext, bus: GainNode) {
    this.startingMusic = true;
    try {
      // Composed in the next quiet moment, not inside the gesture: the first tap or tab switch
      // then paints without waiting for the music (about 100 ms of script on a slow phone).
      this.soundtrack ??= Promise.all([import('./soundtrack.ts'), idle()]).then(([{ renderSoundtrack }]) =>
        renderSoundtrack((channels, length, sampleRate) =>
          context.createBuffer(channels, length, sampleRate),
        ),
      );
      const buffer = await this.soundtrack;
      if (this.source || this.settings.musicMuted) return;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.loop = true;
      source.connect(bus);
      source.start();
      this.source = source;
    } catch (error) {
      this.soundtrack = null;
      console.warn('[audio] could not render the soundtrack', error);
    } finally {
      this.startingMusic = false;
    }
  }

  /**
   * Builds the effect buffers one at a time in idle moments after the first gesture (ZzFX
   * synthesises in JavaScript): the tap sound first, so the first taps are not held up.
   */
  private loadEffects(): Promise<void> {
    const context = this.context;
    if (!context) return Promise.resolve();
    this.loadingEffects ??= Promise.all([import('zzfx'), import('./sound-effects.ts')])
      .then(async ([{ ZZFX }, { EFFECT_VARIANTS, SOUND_EFFECT_NAMES, SOUND_EFFECTS }]) => {
        // The module opens its own context on import; ours plays the sounds, so close it.
        void ZZFX.audioContext?.close?.().catch(() => {});
        // Short blips need no more; half the work of 44.1 kHz.
        ZZFX.sampleRate = EFFECT_SAMPLE_RATE;
        for (const name of SOUND_EFFECT_NAMES) {
          const parameters = SOUND_EFFECTS[name];
          const variants: AudioBuffer[] = [];
          for (let i = 0; i < (name === 'tap' ? EFFECT_VARIANTS : 2); i++) {
            await idle();
            const samples = ZZFX.buildSamples(...parameters);
            const buffer = context.createBuffer(1, samples.length, ZZFX.sampleRate);
            buffer.getChannelData(0).set(samples);
            variants.push(buffer);
            this.buffers.set(name, variants);
          }
        }
      })
      .catch((error: unknown) => {
        this.loadingEffects = null;
        console.warn('[audio] could not build the sound effects', error);
      });
    return this.loadingEffects;
  }
}

const EFFECT_SAMPLE_RATE = 22_050;

/** Resolves when the browser has a quiet moment (or after `timeoutMs`, or soon where it cannot tell). */
function idle(timeoutMs = 200): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 16);
  });
}

export const audioEngine = new AudioEngine();

/*
 * Not pointerdown: creating the audio context takes a moment, and the first tap (pointerdown)
 * must not wait for it. A lifted finger or a click still carries the user activation.
 */
const GESTURES = ['pointerup', 'touchend', 'click', 'keydown'] as const;

/**
 * Starts audio on the first user gesture (autoplay policy: the browser lets audio start only
 * inside one; listened to until the context runs) and exposes
 * `window.__titansAudio`. Returns a function that removes the listeners.
 */
export function installAudio(): () => void {
  if (typeof window === 'undefined') return () => {};
  Object.defineProperty(window, '__titansAudio', {
    configurable: true,
    get: () => audioEngine.report(),
  });
  const onGesture = () => {
    audioEngine.unlock();
    if (audioEngine.running) remove();
  };
  const remove = () => {
    for (const type of GESTURES) window.removeEventListener(type, onGesture, true);
  };
  for (const type of GESTURES) window.addEventListener(type, onGesture, { capture: true, passive: true });
  // The context is made before the first gesture, once the page is quiet (see prepare()); not
  // while the first screen is still being built.
  let installed = true;
  void idle(3_000).then(() => installed && audioEngine.prepare());
  return () => {
    installed = false;
    remove();
  };
}
