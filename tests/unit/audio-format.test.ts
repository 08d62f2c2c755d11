import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../server/adapters/audio';
import { SNIFF_BYTES, sniffAudioFile, sniffAudioFormat } from '../../server/adapters/audio-format';

/** Real headers: files ffmpeg writes here in each format a hospital sends, and real recorder files. */
let dir: string;
const made: Record<string, string> = {};
const FORMATS: Record<string, string[]> = {
  'tone.wav': ['-c:a', 'pcm_s16le'],
  'tone-rf64.wav': ['-c:a', 'pcm_s16le', '-rf64', 'always'],
  'tone.mp3': ['-c:a', 'libmp3lame'],
  'tone-no-id3.mp3': ['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0'],
  'tone.m4a': ['-c:a', 'aac'],
  'tone.3gp': ['-c:a', 'aac', '-ar', '16000'],
  'tone.ogg': ['-c:a', 'libvorbis'],
  'tone.opus': ['-c:a', 'libopus'],
  'tone.webm': ['-c:a', 'libopus'],
  'tone.mka': ['-c:a', 'pcm_s16le'],
  'tone.wma': ['-c:a', 'wmav2'],
  'tone.aac': ['-c:a', 'aac'],
};

// Twelve ffmpeg processes: started together, and given the time process starts take on a busy machine
// (the default 10 s hook limit was not enough for one after the other under a CI load of 12).
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'wardnote-sniff-'));
  await Promise.all(
    Object.entries(FORMATS).map(async ([name, codec]) => {
      const out = path.join(dir, name);
      await promisify(execFile)(resolveFfmpeg(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-ac', '1', ...codec, out]);
      made[name] = out;
    }),
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sniffAudioFormat over real files', () => {
  it.each([
    ['tone.wav', 'wav', 'wav'],
    ['tone-rf64.wav', 'wav', 'wav'],
    ['tone.mp3', 'mp3', 'mp3'],
    ['tone-no-id3.mp3', 'mp3', 'mp3'],
    ['tone.m4a', 'mp4', 'mov'],
    ['tone.3gp', 'mp4', 'mov'],
    ['tone.ogg', 'ogg', 'ogg'],
    ['tone.opus', 'ogg', 'ogg'],
    ['tone.webm', 'matroska', 'matroska'],
    ['tone.mka', 'matroska', 'matroska'],
    ['tone.wma', 'asf', 'asf'],
  ])('%s is %s, read by the %s demuxer', async (name, container, demuxer) => {
    expect(await sniffAudioFile(made[name]!)).toEqual({ container, demuxer, dictaphone: false });
  });

  it('the MP3 without an ID3 tag really starts with a frame header', () => {
    expect(readFileSync(made['tone-no-id3.mp3']!)[0]).toBe(0xff);
  });

  it.each([
    ['tests/fixtures/audio/grundig-digta-sp.dss', 'dss', 'dss'],
    ['tests/fixtures/audio/olympus-encrypted-aes128-password-1234.ds2', 'ds2', null],
  ])('recorder file %s is %s (demuxer %s)', async (file, container, demuxer) => {
    expect(await sniffAudioFile(path.resolve(file))).toEqual({ container, demuxer, dictaphone: true });
  });

  it('ADTS AAC (no container) is not a format Wardnote accepts, though its frames start with a sync word', () => {
    expect(sniffAudioFormat(readFileSync(made['tone.aac']!))).toBeNull();
  });
});

describe('sniffAudioFormat refuses everything else', () => {
  const text = (s: string) => Buffer.from(s);
  it.each([
    ['an HLS playlist', text('#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n../files/playable/2.m4a\n#EXT-X-ENDLIST\n')],
    ['an ffconcat list', text("ffconcat version 1.0\nfile '/etc/passwd'\n")],
    ['an SDP description', text('v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nm=audio 5004 RTP/AVP 0\n')],
    ['an SRT subtitle', text('1\n00:00:00,000 --> 00:00:01,000\nhello\n')],
    ['a WebVTT subtitle', text('WEBVTT\n\n00:00.000 --> 00:01.000\nhello\n')],
    ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['a PDF', text('%PDF-1.4 a letter')],
    ['a RIFF file that is not WAVE (AVI)', Buffer.concat([text('RIFF'), Buffer.alloc(4), text('AVI LIST')])],
    ['an empty file', Buffer.alloc(0)],
    ['three bytes', text('ID3')],
    ['a byte 0 of 0 before "dss"', Buffer.from([0, 0x64, 0x73, 0x73])],
    ['an MPEG sync word with a reserved layer', Buffer.from([0xff, 0xf9, 0x50, 0x80])],
  ])('%s', (_what, head) => {
    expect(sniffAudioFormat(head.subarray(0, SNIFF_BYTES))).toBeNull();
  });

  it('decides on the header only: the same HLS text after a WAV header is a WAV (read by the wav demuxer alone)', () => {
    const head = Buffer.concat([text('RIFF'), Buffer.alloc(4), text('WAVE'), text('#EXTM3U\n')]);
    expect(sniffAudioFormat(head)?.demuxer).toBe('wav');
  });
});
