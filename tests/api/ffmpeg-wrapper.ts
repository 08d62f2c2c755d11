import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../../server/adapters/audio';

/**
 * An FFMPEG_PATH for tests: a shell script that notes every command line it is given, then runs the
 * real ffmpeg. With `hangOn`, a conversion (`-c:a aac`) of an input containing that text hangs instead,
 * with a child process that hangs too; both pids are noted so a test can check they were killed.
 */
export function ffmpegWrapper(opts: { hangOn?: string } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-ffmpeg-'));
  const script = path.join(dir, 'ffmpeg');
  const calls = path.join(dir, 'calls.log');
  const pids = path.join(dir, 'pids.log');
  const hang = opts.hangOn
    ? `
input=""; prev=""
for a in "$@"; do [ "$prev" = "-i" ] && input="\${a#file:}"; prev="$a"; done
case " $* " in *" -c:a aac "*)
  if grep -q '${opts.hangOn}' "$input"; then
    sleep 600 & echo $! >> '${pids}'
    echo $$ >> '${pids}'
    wait
  fi;;
esac`
    : '';
  writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\n${hang}\nexec '${resolveFfmpeg()}' "$@"\n`);
  chmodSync(script, 0o755);
  const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  return {
    path: script,
    /** Every command line ffmpeg was started with, oldest first. */
    calls: () => lines(calls),
    /** Pids of the hanging script and its child. */
    hungPids: () => lines(pids).map(Number),
  };
}

/** True while a process exists and is not a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
