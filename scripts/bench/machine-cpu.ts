/**
 * CPU accounting from /proc (Linux): whole-machine busy time from /proc/stat and per-process
 * time from /proc/<pid>/stat, both in clock ticks summed over all cores, so "others" is simply
 * machine busy minus the processes of the benchmark. Percentages are of the whole machine.
 */
import fs from 'node:fs';

interface MachineTicks {
  busy: number;
  total: number;
}

function readMachineTicks(): MachineTicks {
  const text = fs.readFileSync('/proc/stat', 'utf8');
  const line = text.slice(0, text.indexOf('\n'));
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** utime + stime of a process (all its threads), or null when it is gone or unreadable. */
export function readProcessTicks(pid: number): number | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime field 14, stime field 15.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

/** Processes whose command line matches (e.g. the PostgreSQL backends of one database). */
export function findProcesses(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pattern.test(cmdline)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface WatchedProcess {
  name: string;
  pid: number;
}

export interface CpuWindow {
  /** Busy share of the whole machine (all cores), %. */
  machinePct: number;
  /** Share of the whole machine used by the benchmark's own processes, %. */
  oursPct: number;
  /** Share used by everything else, %: the noise figure a phase is judged by. */
  othersPct: number;
  /** Per watched process name: % of ONE core. */
  perProcessCorePct: Record<string, number>;
  /** Per watched process name: CPU microseconds. */
  perProcessCpuUs: Record<string, number>;
}

/** USER_HZ: the unit of /proc CPU times (100 on every mainstream Linux build). */
const TICKS_PER_SECOND = 100;

/**
 * Watches the machine over one window. `ours` names the processes of the benchmark; `discover`
 * finds more of them at both ends (processes that appear during the window, such as a new
 * database connection, count from zero).
 */
export class MachineWatch {
  private machine: MachineTicks = { busy: 0, total: 0 };
  private readonly processes = new Map<number, { name: string; ticks: number }>();
  private discover: () => WatchedProcess[] = () => [];

  constructor(private readonly cores: number) {}

  start(ours: WatchedProcess[], discover: () => WatchedProcess[] = () => []) {
    this.processes.clear();
    this.discover = discover;
    for (const { name, pid } of [...ours, ...discover()]) {
      const ticks = readProcessTicks(pid);
      if (ticks !== null && !this.processes.has(pid)) this.processes.set(pid, { name, ticks });
    }
    this.machine = readMachineTicks();
  }

  stop(): CpuWindow {
    for (const { name, pid } of this.discover()) {
      if (!this.processes.has(pid)) this.processes.set(pid, { name, ticks: 0 });
    }
    const machine = readMachineTicks();
    const total = Math.max(1, machine.total - this.machine.total);
    const busy = machine.busy - this.machine.busy;
    const wallTicksPerCore = total / this.cores;
    let ours = 0;
    const perProcessCorePct: Record<string, number> = {};
    const perProcessCpuUs: Record<string, number> = {};
    for (const [pid, { name, ticks }] of this.processes) {
      const now = readProcessTicks(pid);
      if (now === null) continue;
      const used = now - ticks;
      ours += used;
      perProcessCorePct[name] = (perProcessCorePct[name] ?? 0) + (used / wallTicksPerCore) * 100;
      perProcessCpuUs[name] = (perProcessCpuUs[name] ?? 0) + (used * 1e6) / TICKS_PER_SECOND;
    }
    return {
      machinePct: (busy / total) * 100,
      oursPct: (ours / total) * 100,
      othersPct: Math.max(0, ((busy - ours) / total) * 100),
      perProcessCorePct,
      perProcessCpuUs,
    };
  }
}
