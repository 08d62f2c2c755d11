import { spawn } from 'node:child_process';

/** A command that ran over its time limit; it and every process it started have been killed. */
export class ProcessTimeoutError extends Error {
  constructor(cmd: string, seconds: number) {
    super(`${cmd.split('/').pop()} did not finish within ${seconds} s and was stopped`);
    this.name = 'ProcessTimeoutError';
  }
}

export interface RunOptions {
  /** Wall-clock limit in milliseconds. */
  timeoutMs: number;
  onStdout?: (chunk: Buffer) => void;
}

/**
 * Runs a command in a process group of its own (detached) with no stdin. When it runs over the time
 * limit the whole group is killed, so a decoder script cannot leave a hung child behind, and the
 * promise rejects at once without waiting for pipes a stray process might still hold.
 */
export function runTimed(cmd: string, args: string[], opts: RunOptions): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', opts.onStdout ? 'pipe' : 'ignore', 'pipe'], detached: true });
    let stderr = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      killGroup(child.pid);
      child.stdout?.destroy();
      child.stderr?.destroy();
      settle(() => reject(new ProcessTimeoutError(cmd, opts.timeoutMs / 1000)));
    }, opts.timeoutMs);
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    if (opts.onStdout) child.stdout!.on('data', opts.onStdout);
    child.on('error', (err) => settle(() => reject(err)));
    child.on('close', (code) => settle(() => resolve({ code: code ?? 1, stderr })));
  });
}

function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}
