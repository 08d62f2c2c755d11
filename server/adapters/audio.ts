import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** ffmpeg: FFMPEG_PATH, else a system ffmpeg on PATH, else the binary shipped by @ffmpeg-installer. */
export function resolveFfmpeg(envPath?: string): string {
  if (envPath) return envPath;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(`${dir}/ffmpeg`)) return `${dir}/ffmpeg`;
  }
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

function run(cmd: string, args: string[], onStdout?: (chunk: Buffer) => void): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    if (onStdout) child.stdout!.on('data', onStdout);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

export interface ProbeResult {
  hasAudio: boolean;
  codec: string | null;
  durationMs: number | null;
}

/**
 * Dictation-recorder formats ffmpeg may not decode: Olympus/Grundig DSS, DSS Pro (DS2), encrypted DS2.
 * Byte 0 is a small version number, bytes 1-3 name the format.
 */
export async function isDictaphoneFile(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer[0]! > 0 && buffer[0]! < 16 && ['dss', 'ds2', 'enc'].includes(buffer.subarray(1, 4).toString('latin1'));
  } finally {
    await fh.close();
  }
}

export function createAudioTools(ffmpeg: string, decoderCmd?: string) {
  return {
    /** Reads the container header only: quick, and enough to tell audio from anything else. */
    async probe(path: string): Promise<ProbeResult> {
      const { stderr } = await run(ffmpeg, ['-hide_banner', '-i', path]);
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
      const { code, stderr } = await run(ffmpeg, [
        '-v',
        'error',
        '-y',
        '-i',
        input,
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
        output,
      ]);
      if (code !== 0) throw new Error(`ffmpeg could not convert the audio: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
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
      const { code, stderr } = await run(
        ffmpeg,
        ['-v', 'error', '-i', input, '-vn', '-ac', '1', '-ar', String(RATE), '-f', 's16le', '-'],
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
      if (code !== 0) throw new Error(`ffmpeg could not read the audio: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
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
    async externalDecode(input: string, output: string): Promise<void> {
      if (!decoderCmd) throw new Error('No external decoder is configured.');
      const [cmd, ...args] = decoderCmd
        .split(/\s+/)
        .filter(Boolean)
        .map((a) => a.replaceAll('{input}', input).replaceAll('{output}', output));
      const { code, stderr } = await run(cmd!, args);
      if (code !== 0 || !existsSync(output))
        throw new Error(`The external decoder failed: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
    },
  };
}

export type AudioTools = ReturnType<typeof createAudioTools>;
