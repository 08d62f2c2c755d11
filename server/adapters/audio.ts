import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sniffAudioFile, type SniffedAudio } from './audio-format';
import { ProcessTimeoutError, runTimed } from './timed-process';

/** Debian's maintained, security-patched ffmpeg. */
const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';

/**
 * ffmpeg: FFMPEG_PATH, else the system's (/usr/bin/ffmpeg, then one on PATH), else the binary shipped
 * by @ffmpeg-installer, an unpatched 2018 build kept only as a fallback (a warning is logged at start-up).
 */
export function resolveFfmpeg(envPath?: string): string {
  if (envPath) return envPath;
  if (existsSync(SYSTEM_FFMPEG)) return SYSTEM_FFMPEG;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && !dir.includes('node_modules') && existsSync(`${dir}/ffmpeg`)) return `${dir}/ffmpeg`;
  }
  return bundledFfmpeg();
}

function bundledFfmpeg(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** True when `ffmpeg` is the old bundled build rather than a maintained one. */
export function isBundledFfmpeg(ffmpeg: string): boolean {
  try {
    return path.resolve(ffmpeg) === path.resolve(bundledFfmpeg());
  } catch {
    return false;
  }
}

export interface ProbeResult {
  hasAudio: boolean;
  codec: string | null;
  durationMs: number | null;
}

const NO_AUDIO: ProbeResult = { hasAudio: false, codec: null, durationMs: null };

/**
 * Dictation-recorder formats ffmpeg may not decode: Olympus/Grundig DSS, DSS Pro (DS2), encrypted DS2.
 * Byte 0 is a small version number, bytes 1-3 name the format.
 */
export async function isDictaphoneFile(file: string): Promise<boolean> {
  return (await sniffAudioFile(file))?.dictaphone ?? false;
}

/** A file ffmpeg may not be given: its header is no audio format Wardnote accepts. */
export class NotAudioError extends Error {
  constructor() {
    super('The file is not in an audio format Wardnote reads.');
    this.name = 'NotAudioError';
  }
}

/**
 * The input half of every ffmpeg command line: the format decided from the header and forced, one
 * absolute local file, and no protocol but `file`, so nothing in the file can make ffmpeg open another
 * file or a URL. mov's data references (external media files) stay off.
 */
function inputArgs(sniffed: SniffedAudio & { demuxer: string }, file: string): string[] {
  return [
    '-nostdin',
    '-protocol_whitelist',
    'file',
    '-f',
    sniffed.demuxer,
    ...(sniffed.demuxer === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : []),
    '-i',
    `file:${path.resolve(file)}`,
  ];
}

async function readableBy(file: string): Promise<(SniffedAudio & { demuxer: string }) | null> {
  const sniffed = await sniffAudioFile(file);
  return sniffed?.demuxer ? (sniffed as SniffedAudio & { demuxer: string }) : null;
}

const lastLines = (stderr: string) => stderr.trim().split('\n').slice(-2).join(' ');

export function createAudioTools(ffmpeg: string, opts: { decoderCmd?: string; timeoutMs: number }) {
  const { decoderCmd, timeoutMs } = opts;

  /** ffmpeg over one file whose format its header names; refuses any other file without starting ffmpeg. */
  async function runFfmpeg(input: string, rest: string[], onStdout?: (chunk: Buffer) => void) {
    const sniffed = await readableBy(input);
    if (!sniffed) throw new NotAudioError();
    return runTimed(ffmpeg, ['-hide_banner', ...inputArgs(sniffed, input), ...rest], { timeoutMs, onStdout });
  }

  return {
    /** Reads the container header only: quick, and enough to tell audio from anything else. */
    async probe(file: string): Promise<ProbeResult> {
      if (!(await readableBy(file))) return NO_AUDIO;
      // A header that keeps ffmpeg busy past the time limit is no recording it can read.
      const { stderr } = await runFfmpeg(file, []).catch((err: unknown) => {
        if (err instanceof ProcessTimeoutError) return { stderr: '' };
        throw err;
      });
      const stream = /Stream #\d+:\d+.*?: Audio: ([\w-]+)/.exec(stderr);
      const dur = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
      return {
        hasAudio: !!stream,
        codec: stream?.[1] ?? null,
        durationMs: dur ? Math.round((Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3])) * 1000) : null,
      };
    },

    /** One format every browser plays: AAC in MP4, mono, 64 kbit/s, index at the front for seeking. */
    async transcode(input: string, output: string): Promise<void> {
      const { code, stderr } = await runFfmpeg(input, [
        '-v',
        'error',
        '-y',
        '-vn',
        '-ac',
        '1',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        `file:${path.resolve(output)}`,
      ]);
      if (code !== 0) throw new Error(`ffmpeg could not convert the audio: ${lastLines(stderr)}`);
    },

    /** Decodes the whole file: its exact duration and `buckets` peak values in 0..1 for the waveform. */
    async peaks(input: string, buckets = 800): Promise<{ durationMs: number; peaks: number[] }> {
      const RATE = 8000;
      const BLOCK = 80; // 10 ms
      const blockMax: number[] = [];
      let current = 0;
      let inBlock = 0;
      let samples = 0;
      let carry: Buffer | null = null;
      const { code, stderr } = await runFfmpeg(
        input,
        ['-v', 'error', '-vn', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
        (chunk) => {
          const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
          const usable = buf.length - (buf.length % 2);
          for (let i = 0; i < usable; i += 2) {
            const v = Math.abs(buf.readInt16LE(i));
            if (v > current) current = v;
            if (++inBlock === BLOCK) {
              blockMax.push(current);
              current = 0;
              inBlock = 0;
            }
          }
          samples += usable / 2;
          carry = usable < buf.length ? buf.subarray(usable) : null;
        },
      );
      if (code !== 0) throw new Error(`ffmpeg could not read the audio: ${lastLines(stderr)}`);
      if (inBlock > 0) blockMax.push(current);
      const n = Math.min(buckets, Math.max(1, blockMax.length));
      const peaks: number[] = [];
      for (let b = 0; b < n; b++) {
        const from = Math.floor((b * blockMax.length) / n);
        const to = Math.max(from + 1, Math.floor(((b + 1) * blockMax.length) / n));
        let max = 0;
        for (let i = from; i < to && i < blockMax.length; i++) max = Math.max(max, blockMax[i]!);
        peaks.push(Math.round((max / 32768) * 1000) / 1000);
      }
      return { durationMs: Math.round((samples / RATE) * 1000), peaks };
    },

    /** The configured external decoder (AUDIO_DECODER_CMD, with {input} and {output}) writing a WAV file. */
    get hasExternalDecoder(): boolean {
      return !!decoderCmd;
    },
    /** Runs under the same time limit as ffmpeg, and is killed with everything it started when over it. */
    async externalDecode(input: string, output: string): Promise<void> {
      if (!decoderCmd) throw new Error('No external decoder is configured.');
      const [cmd, ...args] = decoderCmd
        .split(/\s+/)
        .filter(Boolean)
        .map((a) => a.replaceAll('{input}', path.resolve(input)).replaceAll('{output}', path.resolve(output)));
      const { code, stderr } = await runTimed(cmd!, args, { timeoutMs });
      if (code !== 0 || !existsSync(output)) throw new Error(`The external decoder failed: ${lastLines(stderr)}`);
    },
  };
}

export type AudioTools = ReturnType<typeof createAudioTools>;
