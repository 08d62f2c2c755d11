import { open } from 'node:fs/promises';

/**
 * What a file is, decided from its own first bytes and nothing else: never from its name, its MIME type
 * or ffmpeg's guess. ffmpeg is then told the format (`-f`), so none of its other demuxers (playlists,
 * concat lists, image sequences, subtitles, SDP…) that open further files or URLs can ever be chosen.
 */
export type AudioContainer = 'wav' | 'mp3' | 'mp4' | 'asf' | 'ogg' | 'matroska' | 'dss' | 'ds2';

export interface SniffedAudio {
  container: AudioContainer;
  /** The ffmpeg demuxer forced with `-f`; null for recorder formats ffmpeg cannot read at all. */
  demuxer: string | null;
  /** An Olympus/Grundig dictation-recorder file (DSS, DSS Pro, encrypted DSS Pro). */
  dictaphone: boolean;
}

/** Bytes enough for every signature below. */
export const SNIFF_BYTES = 16;

const ASF_HEADER_GUID = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');
const EBML_MAGIC = Buffer.from('1a45dfa3', 'hex');

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/** An MPEG audio frame header: sync bits, and no reserved version, layer, bitrate or sample rate. */
function isMpegAudioFrame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return false;
  const version = (head[1]! >> 3) & 3;
  const layer = (head[1]! >> 1) & 3;
  const bitrate = head[2]! >> 4;
  const rate = (head[2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

/** The audio format of a file from its first bytes, or null when it is none Wardnote accepts. */
export function sniffAudioFormat(head: Buffer): SniffedAudio | null {
  const is = (container: AudioContainer, demuxer: string | null, dictaphone = false): SniffedAudio => ({
    container,
    demuxer,
    dictaphone,
  });
  if (head.length < 4) return null;
  const first4 = ascii(head, 0, 4);
  // RIFF/WAVE, and its 64-bit variants RF64 and BW64 that long recordings use.
  if (['RIFF', 'RF64', 'BW64'].includes(first4) && ascii(head, 8, 12) === 'WAVE') return is('wav', 'wav');
  if (first4 === 'OggS') return is('ogg', 'ogg');
  if (head.subarray(0, 4).equals(EBML_MAGIC)) return is('matroska', 'matroska');
  if (head.length >= 16 && head.subarray(0, 16).equals(ASF_HEADER_GUID)) return is('asf', 'asf');
  if (ascii(head, 4, 8) === 'ftyp') return is('mp4', 'mov');
  if ((ascii(head, 0, 3) === 'ID3' && head[3]! >= 2 && head[3]! <= 4) || isMpegAudioFrame(head)) return is('mp3', 'mp3');
  // Recorder files: byte 0 a small version number, bytes 1-3 the format. ffmpeg reads some DSS, never DSS Pro.
  if (head[0]! > 0 && head[0]! < 16) {
    const tag = ascii(head, 1, 4);
    if (tag === 'dss') return is('dss', 'dss', true);
    if (tag === 'ds2' || tag === 'enc') return is('ds2', null, true);
  }
  return null;
}

/** The first bytes of a file, as many as there are up to `bytes`. */
export async function readHead(path: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export async function sniffAudioFile(path: string): Promise<SniffedAudio | null> {
  return sniffAudioFormat(await readHead(path));
}
