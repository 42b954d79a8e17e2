/*
 * The Titans theme: a heroic chiptune loop composed here and rendered once with an
 * OfflineAudioContext into a buffer that loops without a seam. A minor, 100 BPM, 16 bars
 * (38.4 s): i–VI–III–VII with a turn to the dominant. Bars 1–8 are the bed (soft pad, NES-style
 * triangle bass, a rolling 25% pulse arpeggio, drums coming in); bars 9–16 add the lead theme
 * with an echo and end on a snare roll back into bar 1.
 */

const BPM = 100;
const BEAT = 60 / BPM;
const STEP = BEAT / 4;
const BAR = BEAT * 4;
const BARS = 16;
/** Length of the loop in seconds. */
export const LOOP_SECONDS = BAR * BARS;
/** Low enough to keep the buffer small (chiptune needs no more), high enough for the hats. */
const SAMPLE_RATE = 24_000;
/** Rendered past the loop end, then folded onto its start so release tails wrap around. */
const TAIL_SECONDS = 2.5;

interface Chord {
  bass: number;
  pad: readonly number[];
  arp: readonly number[];
}

const CHORDS: Record<'Am' | 'F' | 'C' | 'G' | 'E', Chord> = {
  Am: { bass: 45, pad: [57, 60, 64], arp: [69, 72, 76, 81] },
  F: { bass: 41, pad: [53, 57, 60], arp: [65, 69, 72, 77] },
  C: { bass: 48, pad: [55, 60, 64], arp: [67, 72, 76, 79] },
  G: { bass: 43, pad: [55, 59, 62], arp: [67, 71, 74, 79] },
  E: { bass: 40, pad: [56, 59, 64], arp: [64, 68, 71, 76] },
};

// biome-ignore format: four bars a line, read like a score
// i18n-lint-ignore: chord names (Am), not words
const PROGRESSION: ReadonlyArray<keyof typeof CHORDS> = [
  'Am', 'F', 'C', 'G',   'Am', 'F', 'G', 'E',
  'Am', 'F', 'C', 'G',   'F', 'G', 'E', 'E',
];

/** Arpeggio: indexes into the chord's arp tones, one per 16th. */
const ARP_PATTERN = [0, 1, 2, 3, 2, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 1];

/** Lead theme for bars 9–16: [bar (0-based), start in 8ths, length in 8ths, MIDI note]. */
// biome-ignore format: one bar a line
const LEAD: ReadonlyArray<readonly [number, number, number, number]> = [
  [8, 0, 2, 76], [8, 2, 2, 81], [8, 4, 1, 83], [8, 5, 1, 84], [8, 6, 2, 83],
  [9, 0, 3, 81], [9, 3, 1, 79], [9, 4, 2, 76], [9, 6, 2, 77],
  [10, 0, 2, 79], [10, 2, 2, 76], [10, 4, 2, 72], [10, 6, 2, 76],
  [11, 0, 4, 74], [11, 4, 2, 71], [11, 6, 2, 74],
  [12, 0, 2, 77], [12, 2, 2, 81], [12, 4, 2, 84], [12, 6, 2, 81],
  [13, 0, 2, 79], [13, 2, 2, 83], [13, 4, 4, 86],
  [14, 0, 4, 83], [14, 4, 2, 80], [14, 6, 2, 76],
  [15, 0, 6, 76],
];

function hz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** A 25% pulse, the NES lead colour (Fourier series of a pulse train). */
function pulseWave(context: BaseAudioContext, duty = 0.25): PeriodicWave {
  const harmonics = 40;
  const real = new Float32Array(harmonics);
  const imag = new Float32Array(harmonics);
  for (let n = 1; n < harmonics; n++) {
    real[n] = (2 / (n * Math.PI)) * Math.sin(2 * Math.PI * n * duty);
    imag[n] = (2 / (n * Math.PI)) * (1 - Math.cos(2 * Math.PI * n * duty));
  }
  return context.createPeriodicWave(real, imag);
}

/** One second of white noise from a fixed seed, so every render is the same. */
function noiseBuffer(context: BaseAudioContext): AudioBuffer {
  const buffer = context.createBuffer(1, context.sampleRate, context.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 0x2f6b3a1d;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
    data[i] = seed / 0x7fffffff - 1;
  }
  return buffer;
}

interface Voice {
  context: BaseAudioContext;
  out: AudioNode;
}

/** An oscillator note with an attack/release envelope. */
function note(
  { context, out }: Voice,
  options: {
    at: number;
    length: number;
    midi: number;
    level: number;
    type?: OscillatorType;
    wave?: PeriodicWave;
    attack?: number;
    release?: number;
    detune?: number;
    vibrato?: boolean;
  },
) {
  const { at, length, midi, level, attack = 0.005, release = 0.08, detune = 0 } = options;
  const osc = context.createOscillator();
  if (options.wave) osc.setPeriodicWave(options.wave);
  else osc.type = options.type ?? 'triangle';
  osc.frequency.value = hz(midi);
  osc.detune.value = detune;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(level, at + attack);
  gain.gain.setValueAtTime(level, at + Math.max(attack, length - 0.01));
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length + release);
  osc.connect(gain).connect(out);
  if (options.vibrato && length > 0.3) {
    // A gentle vibrato that sets in after the note speaks, like a held chiptune lead.
    const lfo = context.createOscillator();
    lfo.frequency.value = 5.5;
    const depth = context.createGain();
    depth.gain.setValueAtTime(0, at);
    depth.gain.linearRampToValueAtTime(18, at + Math.min(0.35, length));
    lfo.connect(depth).connect(osc.detune);
    lfo.start(at);
    lfo.stop(at + length + release);
  }
  osc.start(at);
  osc.stop(at + length + release + 0.02);
}

function kick({ context, out }: Voice, at: number, level: number) {
  const osc = context.createOscillator();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(140, at);
  osc.frequency.exponentialRampToValueAtTime(42, at + 0.13);
  const gain = context.createGain();
  gain.gain.setValueAtTime(level, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.32);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + 0.34);
}

function noiseHit(
  { context, out }: Voice,
  noise: AudioBuffer,
  at: number,
  options: { level: number; decay: number; filter: BiquadFilterType; frequency: number; offset: number },
) {
  const source = context.createBufferSource();
  source.buffer = noise;
  const filter = context.createBiquadFilter();
  filter.type = options.filter;
  filter.frequency.value = options.frequency;
  const gain = context.createGain();
  gain.gain.setValueAtTime(options.level, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + options.decay);
  source.connect(filter).connect(gain).connect(out);
  source.start(at, options.offset % 0.8, options.decay + 0.02);
}

function snare(voice: Voice, noise: AudioBuffer, at: number, level: number, index: number) {
  noiseHit(voice, noise, at, {
    level,
    decay: 0.17,
    filter: 'bandpass',
    frequency: 2_200,
    offset: index * 0.013,
  });
  note(voice, { at, length: 0.03, midi: 55, level: level * 0.5, type: 'triangle', release: 0.06 });
}

function hat(voice: Voice, noise: AudioBuffer, at: number, level: number, index: number) {
  noiseHit(voice, noise, at, {
    level,
    decay: 0.045,
    filter: 'highpass',
    frequency: 7_000,
    offset: index * 0.031,
  });
}

/** Lets the page breathe between bars: composing is main-thread work done after a tap. */
function nextSlice(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Schedules the whole piece into `context`, starting at time 0, a bar at a time. */
async function compose(context: BaseAudioContext, destination: AudioNode) {
  const pulse = pulseWave(context);
  const noise = noiseBuffer(context);
  const band = voices(context, destination);
  for (const [bar, name] of PROGRESSION.entries()) {
    await nextSlice();
    const chord = CHORDS[name];
    const start = bar * BAR;
    padBar(band.pad, chord, start);
    arpBar(band.arp, pulse, chord, start, bar);
    bassBar(band.bass, chord, start, bar);
    drumBar(band.kit, noise, start, bar);
  }
  // A snare roll in the last two beats, back into the top.
  for (let i = 0; i < 8; i++) {
    const at = (BARS - 1) * BAR + BEAT * 2 + i * STEP;
    snare(band.kit, noise, at, 0.06 + i * 0.022, 900 + i);
  }
  for (const [bar, start, length, midi] of LEAD) {
    note(band.lead, {
      at: bar * BAR + start * STEP * 2,
      length: length * STEP * 2 - 0.03,
      midi,
      level: 0.075,
      wave: pulse,
      attack: 0.01,
      release: 0.12,
      vibrato: true,
    });
  }
}

/** The band's buses: filtered pad, arpeggio panned left, bass, the lead with its echo, drums. */
function voices(context: BaseAudioContext, destination: AudioNode) {
  const padFilter = context.createBiquadFilter();
  padFilter.type = 'lowpass';
  padFilter.frequency.value = 1_100;
  padFilter.Q.value = 0.4;
  padFilter.connect(destination);

  const arpFilter = context.createBiquadFilter();
  arpFilter.type = 'lowpass';
  arpFilter.frequency.value = 3_200;
  const arpLeft = context.createStereoPanner();
  arpLeft.pan.value = -0.35;
  arpFilter.connect(arpLeft).connect(destination);

  const leadBus = context.createGain();
  const leadFilter = context.createBiquadFilter();
  leadFilter.type = 'lowpass';
  leadFilter.frequency.value = 4_000;
  leadBus.connect(leadFilter).connect(destination);
  // A dotted-eighth echo on the lead, panned right, for the open heroic sound.
  const echo = context.createDelay(1);
  echo.delayTime.value = STEP * 3;
  const feedback = context.createGain();
  feedback.gain.value = 0.32;
  const wet = context.createGain();
  wet.gain.value = 0.3;
  const echoPan = context.createStereoPanner();
  echoPan.pan.value = 0.45;
  leadFilter.connect(echo);
  echo.connect(feedback).connect(echo);
  echo.connect(wet).connect(echoPan).connect(destination);

  const drums = context.createGain();
  drums.connect(destination);
  const voice = (out: AudioNode): Voice => ({ context, out });
  return {
    pad: voice(padFilter),
    arp: voice(arpFilter),
    bass: voice(destination),
    lead: voice(leadBus),
    kit: voice(drums),
  };
}

function padBar(pad: Voice, chord: Chord, start: number) {
  for (const tone of chord.pad) {
    for (const detune of [-7, 7]) {
      note(pad, {
        at: start,
        length: BAR,
        midi: tone,
        level: 0.045,
        type: 'sawtooth',
        attack: 0.45,
        release: 0.9,
        detune,
      });
    }
  }
}

function arpBar(arp: Voice, pulse: PeriodicWave, chord: Chord, start: number, bar: number) {
  const intro = bar < 4;
  const full = bar >= 8;
  ARP_PATTERN.forEach((index, step) => {
    const pitch = chord.arp[index];
    if (pitch === undefined) return;
    const sparkle = full && step % 4 === 3 ? 12 : 0;
    note(arp, {
      at: start + step * STEP,
      length: STEP * 0.7,
      midi: pitch + sparkle,
      level: intro ? 0.035 : 0.05,
      wave: pulse,
      release: 0.05,
    });
  });
}

function bassBar(bass: Voice, chord: Chord, start: number, bar: number) {
  const intro = bar < 4;
  const bassLine = intro ? [0, null, null, null, 0, null, null, null] : [0, 0, 12, 0, 7, 0, 12, 7];
  bassLine.forEach((interval, eighth) => {
    if (interval === null) return;
    note(bass, {
      at: start + eighth * STEP * 2,
      length: intro ? BEAT * 1.8 : STEP * 1.6,
      midi: chord.bass + interval,
      level: 0.24,
      type: 'triangle',
      release: 0.06,
    });
  });
}

function drumBar(kit: Voice, noise: AudioBuffer, start: number, bar: number) {
  const intro = bar < 4;
  const full = bar >= 8;
  for (let beat = 0; beat < 4; beat++) {
    const at = start + beat * BEAT;
    const index = bar * 4 + beat;
    if (beat === 0 || (!intro && beat === 2)) kick(kit, at, full ? 0.55 : 0.42);
    if (full && beat === 2) kick(kit, at + STEP * 2, 0.3);
    if ((full && (beat === 1 || beat === 3)) || (bar >= 4 && !full && beat === 3))
      snare(kit, noise, at, 0.2, index);
    hat(kit, noise, at + STEP * 2, intro ? 0.05 : 0.08, index);
    if (full) hat(kit, noise, at, 0.04, index + 7);
  }
}

/**
 * Renders the theme into a buffer of exactly LOOP_SECONDS whose end flows into its start.
 * `createBuffer` makes the result in the playing context.
 */
export async function renderSoundtrack(
  createBuffer: (channels: number, length: number, sampleRate: number) => AudioBuffer,
): Promise<AudioBuffer> {
  const loopFrames = Math.round(LOOP_SECONDS * SAMPLE_RATE);
  const offline = new OfflineAudioContext(
    2,
    loopFrames + Math.round(TAIL_SECONDS * SAMPLE_RATE),
    SAMPLE_RATE,
  );
  const glue = offline.createDynamicsCompressor();
  glue.threshold.value = -14;
  glue.ratio.value = 3;
  glue.attack.value = 0.01;
  glue.release.value = 0.2;
  const level = offline.createGain();
  level.gain.value = 0.9;
  glue.connect(level).connect(offline.destination);
  await compose(offline, glue);
  const rendered = await offline.startRendering();

  const loop = createBuffer(2, loopFrames, SAMPLE_RATE);
  for (let channel = 0; channel < 2; channel++) {
    const source = rendered.getChannelData(channel);
    const target = loop.getChannelData(channel);
    target.set(source.subarray(0, loopFrames));
    // What rings past the end (pad releases, echoes) continues over the start of the next round.
    for (let i = loopFrames; i < source.length; i++)
      target[i - loopFrames] = (target[i - loopFrames] ?? 0) + (source[i] ?? 0);
  }
  return loop;
}
