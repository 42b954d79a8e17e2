/** The zzfx package ships no types; this is the part of its API the app uses. */
declare module 'zzfx' {
  /** ZzFX parameters: volume, randomness, frequency, attack, sustain, release, shape, … (20 in all). */
  export type ZzfxParameters = Array<number | undefined>;

  export const ZZFX: {
    volume: number;
    sampleRate: number;
    audioContext: AudioContext;
    buildSamples(...parameters: ZzfxParameters): number[];
  };

  export function zzfx(...parameters: ZzfxParameters): AudioBufferSourceNode;
}
