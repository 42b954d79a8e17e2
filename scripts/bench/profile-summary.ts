/**
 * `npm run bench:profile -- <file.cpuprofile> [--top=N]`: where a V8 CPU profile's time went.
 * Prints self time by function (with its file) and by file, as shares of the sampled time, so
 * "where do the microseconds beyond the echo go" is read from a real profile of the server.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run bench:profile -- <file.cpuprofile> [--top=N] [--window=FROM,TO[+FROM,TO…]]');
  process.exit(2);
}
const top = Number(process.argv.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// `--window=FROM,TO` (seconds since the profile started) keeps only the steady phase, and
// `--window=A,B+C,D+…` several (a benchmark's turns); the timeline below shows which seconds were busy.
const windows = process.argv
  .find((arg) => arg.startsWith('--window='))
  ?.slice(9)
  .split('+')
  .map((range) => range.split(',').map((v) => Number(v) * 1e6));
const inWindow = (micros: number) =>
  !windows || windows.some(([from = 0, to = Infinity]) => micros >= from && micros <= to);
const selfMicros = new Map<number, number>();
const busyBySecond: number[] = [];
let elapsed = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  elapsed += delta;
  const idle = byId.get(id)?.callFrame.functionName === '(idle)';
  const second = Math.floor(elapsed / 1e6);
  if (!idle) busyBySecond[second] = (busyBySecond[second] ?? 0) + delta;
  if (!inWindow(elapsed)) return;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
console.log(
  `busy share by second: ${busyBySecond.map((micros, second) => `${second}:${Math.round((micros ?? 0) / 1e4)}%`).join(' ')}`,
);
const total = [...selfMicros.values()].reduce((sum, v) => sum + v, 0);

function place(node: ProfileNode): string {
  const url = node.callFrame.url;
  if (!url) return '(native)';
  const cleaned = url.replace(/^file:\/\//, '');
  const nodeModules = cleaned.lastIndexOf('node_modules/');
  if (nodeModules >= 0)
    return cleaned
      .slice(nodeModules + 'node_modules/'.length)
      .split('/')
      .slice(0, 2)
      .join('/');
  if (cleaned.startsWith('node:')) return cleaned;
  return path.relative(process.cwd(), cleaned);
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const where = place(node);
  const name = `${node.callFrame.functionName || '(anonymous)'}  ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
}

function print(title: string, rows: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [name, micros] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
print('Self time by file or package', byPlace);
print('Self time by function', byFunction);
