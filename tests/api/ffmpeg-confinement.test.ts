import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { resolveFfmpeg } from '../../server/adapters/audio';
import { departments, dictationAudio, dictations, jobs, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { writeTone } from './audio-fixtures';
import { writeExternalReferenceMp4 } from './crafted-mp4';
import { ffmpegWrapper } from './ffmpeg-wrapper';
import { tusClient } from './tus-client';
import { finaliseBody } from './finalise-body';

/**
 * Issue 7 §1: an upload is handed to ffmpeg only when its own first bytes name an audio format, and
 * then with that format forced and no protocol but `file`. Playlists, concat lists, SDP, subtitles and
 * images, which would make ffmpeg read other files (another trust's audio), are refused before ffmpeg
 * ever starts. The victim is a real recording planted where the crafted files point.
 */
let t: TestApp;
let ffmpeg: ReturnType<typeof ffmpegWrapper>;
let token: string;
let departmentId: number;
let victimDir: string;
let victim: string;

beforeAll(async () => {
  ffmpeg = ffmpegWrapper();
  t = await startTestApp({ FFMPEG_PATH: ffmpeg.path }, { listen: true });
  token = await t.login('other.author@wardnote.test');
  const [me] = await t.db.select().from(users).where(eq(users.email, 'other.author@wardnote.test'));
  const [dep] = await t.db.select().from(departments).where(eq(departments.trustId, me!.trustId));
  departmentId = dep!.id;
  // Another trust's playable recording, where the playlist found it, and at an absolute path.
  victimDir = mkdtempSync(path.join(tmpdir(), 'wardnote-victim-'));
  victim = writeTone(path.join(victimDir, 'victim.m4a'), { seconds: 2, frequency: 1000, codec: ['-c:a', 'aac'] });
  mkdirSync(path.join(t.dataDir, 'files', 'playable'), { recursive: true });
  copyFileSync(victim, path.join(t.dataDir, 'files', 'playable', 'victim.m4a'));
});
afterAll(() => t.close());

const text = (s: string) => Buffer.from(s);
const wavHeader = () => {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36, 4);
  h.write('WAVE', 8);
  return h;
};

const CRAFTED: [string, string, () => Buffer][] = [
  [
    'an HLS playlist naming another trust’s audio (the issue’s 143 bytes)',
    'recording.m4a',
    () => text('#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n../files/playable/victim.m4a\n#EXT-X-ENDLIST\n'),
  ],
  [
    'an HLS playlist with an absolute path and no end (ffmpeg would wait for more)',
    'live.mp3',
    () => text(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${victim}\n`),
  ],
  ['an ffconcat list', 'list.wav', () => text(`ffconcat version 1.0\nfile '${victim}'\n`)],
  [
    'an SDP session description',
    'stream.webm',
    () => text('v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=audio 5004 RTP/AVP 0\n'),
  ],
  ['an SRT subtitle', 'dictation.wma', () => text(`1\n00:00:00,000 --> 00:00:02,000\n${victim}\n`)],
  ['a WebVTT subtitle', 'dictation.ogg', () => text('WEBVTT\n\n00:00.000 --> 00:02.000\nhello\n')],
  [
    'a PNG under an image-sequence name',
    'frame-%03d.png',
    () => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]),
  ],
  ['a WAV header followed by a playlist', 'header.wav', () => Buffer.concat([wavHeader(), text(`#EXTM3U\n#EXTINF:10,\n${victim}\n`)])],
];

describe('crafted uploads never reach another file', () => {
  it.each(CRAFTED)('%s is refused as not audio, and ffmpeg reads nothing', async (_what, filename, make) => {
    const bytes = make();
    const uploadId = await tusClient(t.base, token).upload(bytes, { filename });
    const body = finaliseBody(uploadId, bytes.length, departmentId, { original_filename: filename, mime_type: 'audio/mp4' });
    const before = ffmpeg.calls().length;
    const res = await t.call('POST', '/api/dictation', { token, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('not_audio');
    expect(res.json().message).toContain('is not an audio recording Wardnote can read');
    expect(await t.db.select().from(dictations).where(eq(dictations.clientId, body.client_id))).toHaveLength(0);
    // Only the WAV-headed file gets as far as ffmpeg, which is told it is a WAV and finds no audio in it.
    const calls = ffmpeg.calls().slice(before);
    if (filename === 'header.wav') {
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/-protocol_whitelist file -f wav -i file:\//);
    } else {
      expect(calls).toEqual([]);
    }
  });

  it('a real recording still goes through, with its format forced and only local files allowed', async () => {
    const file = writeTone(path.join(victimDir, 'mine.wav'), { seconds: 1, codec: ['-c:a', 'pcm_s16le'] });
    const bytes = readFileSync(file);
    const uploadId = await tusClient(t.base, token).upload(bytes, { filename: 'mine.wav' });
    const before = ffmpeg.calls().length;
    const res = await t.call('POST', '/api/dictation', {
      token,
      body: finaliseBody(uploadId, bytes.length, departmentId, { original_filename: 'mine.wav', mime_type: 'audio/wav' }),
    });
    expect(res.statusCode).toBe(201);
    await t.app.wardnote.jobs.runUntilIdle();
    const audio = (await t.call('GET', `/api/dictation/${res.json().data.id}`, { token })).json().data.audio;
    expect(audio.state).toBe('ready');
    const calls = ffmpeg.calls().slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(3); // probe, transcode, peaks
    for (const call of calls) expect(call).toMatch(/-protocol_whitelist file -f (wav|mov -enable_drefs 0 -use_absolute_path 0) -i file:\//);
  });

  it('an MP4 whose audio is another file next to it (alias data reference) never plays that file', async () => {
    const attack = writeExternalReferenceMp4(victim, path.join(victimDir, 'attack.m4a'), 'victim.m4a');
    // The crafted file is a real threat: an ffmpeg that follows data references decodes the victim through it.
    const followed = execFileSync(resolveFfmpeg(), ['-v', 'error', '-f', 'mov', '-enable_drefs', '1', '-i', attack, '-f', 's16le', '-'], {
      maxBuffer: 64 << 20,
    });
    expect(followed.length).toBeGreaterThan(44_100); // more than half a second of the 2 s victim
    // Plant the victim beside every place the upload is kept: the upload store and the originals folder.
    const [me] = await t.db.select().from(users).where(eq(users.email, 'other.author@wardnote.test'));
    for (const folder of [path.join(t.dataDir, 'uploads'), path.join(t.dataDir, 'files', 'originals', String(me!.trustId))]) {
      mkdirSync(folder, { recursive: true });
      copyFileSync(victim, path.join(folder, 'victim.m4a'));
    }

    const bytes = readFileSync(attack);
    const uploadId = await tusClient(t.base, token).upload(bytes, { filename: 'attack.m4a' });
    const res = await t.call('POST', '/api/dictation', {
      token,
      body: finaliseBody(uploadId, bytes.length, departmentId, { original_filename: 'attack.m4a', mime_type: 'audio/mp4' }),
    });
    // Its header names an AAC track, so it is taken; the conversion finds no audio in the file itself.
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    for (let run = 0; run < 4; run++) {
      await t.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.state, 'queued'));
      await t.app.wardnote.jobs.runUntilIdle();
    }
    const audio = (await t.call('GET', `/api/dictation/${id}`, { token })).json().data.audio;
    expect(audio.state).toBe('failed');
    expect(audio.message).toBe(MESSAGES.audioConversionFailed);
    expect(audio.url).toBeNull();
  });

  it('stores audio under keys nobody can guess from the dictation', async () => {
    const rows = await t.db.select().from(dictationAudio);
    const mine = rows.filter((r) => r.playableKey && !/^playable\/\d+\.m4a$/.test(r.playableKey));
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) {
      expect(r.playableKey).toMatch(/^playable\/[0-9a-f]{32}\.m4a$/);
      expect(r.originalKey).toMatch(/^originals\/\d+\/[0-9a-f]{32}\.wav$/);
    }
  });
});
