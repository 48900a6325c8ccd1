import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/**
 * Every ffmpeg Atrium starts is registered here, so none outlives it:
 * - a normal stop (SIGINT, SIGTERM) stops them through their owners, and `exit` kills what is left;
 * - each runs in its own process group (detached), killed as a group, so helpers go too;
 * - a hard crash of Atrium (SIGKILL) cannot run any handler: there each ffmpeg writes its
 *   output to a pipe Atrium reads, and the first write after Atrium is gone kills it (SIGPIPE).
 */
const live = new Set<ChildProcess>();
let hooked = false;

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const child of live) killGroup(child, 'SIGKILL');
  });
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Spawns a supervised child in its own process group; its stdout/stderr are pipes to us. */
export function spawnChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  hookExit();
  const child = spawn(command, args, { ...options, detached: true });
  live.add(child);
  child.once('exit', () => live.delete(child));
  child.once('error', () => live.delete(child));
  return child;
}

/** Asks a child to stop (SIGTERM), then kills it after `graceMs`; resolves when it has exited. */
export function stopChild(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    killGroup(child, 'SIGTERM');
  });
}

/** How many supervised children are running (tests assert none are left). */
export function runningChildren(): number {
  return live.size;
}
