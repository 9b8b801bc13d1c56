import fs from 'node:fs';
import { readProcStat } from './server.mjs';

/** Every process: pid -> { ppid, cpu seconds (user + system), cmdline }. Empty off Linux. */
const processes = () => {
  const all = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return all;
  }
  for (const pid of entries) {
    const stat = readProcStat(pid);
    if (!stat) continue; // gone meanwhile
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      all.set(Number(pid), { ppid: stat.ppid, cpu: stat.cpuSeconds, cmdline });
    } catch {
      // gone meanwhile
    }
  }
  return all;
};

/** The process's role in Chromium: renderer, gpu-process, utility (network service...), or browser. */
const roleOf = (cmdline) => /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';

/**
 * The processes of one Chromium (the process whose command line names `profileDir`, and every
 * process under it) with their CPU seconds so far and role: pid -> { role, cpu }, or null when that
 * Chromium is not running.
 */
export const readBrowserCpu = (profileDir) => {
  const all = processes();
  const roots = [...all].filter(([, p]) => p.cmdline.includes(profileDir) && roleOf(p.cmdline) === 'browser');
  if (!roots.length) return null;
  const inTree = new Set(roots.map(([pid]) => pid));
  // Children of the browser and of its zygotes, to any depth.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of all)
      if (!inTree.has(pid) && inTree.has(p.ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  return new Map(
    [...inTree].map((pid) => [pid, { role: roleOf(all.get(pid).cmdline), cpu: all.get(pid).cpu }]),
  );
};

/**
 * CPU milliseconds the browser's processes used between two readings: { renderer, other, total }
 * (a process started in between counts from zero; one that exited in between is not counted).
 */
export const cpuSpent = (before, after) => {
  if (!before || !after) return null;
  const spent = { renderer: 0, other: 0, total: 0 };
  for (const [pid, p] of after) {
    const ms = Math.max(0, (p.cpu - (before.get(pid)?.cpu ?? 0)) * 1000);
    spent[p.role === 'renderer' ? 'renderer' : 'other'] += ms;
    spent.total += ms;
  }
  return Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)]));
};
