import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments } from '../../server/db/schema';
import { resolveFfmpeg } from '../../server/adapters/audio';
import { startTestApp, type TestApp } from './harness';
import { RECORDER_FILES } from './audio-fixtures';
import { tusClient } from './tus-client';

/**
 * With AUDIO_DECODER_CMD set, a recorder file ffmpeg cannot read goes through that command. Here the
 * "decoder" is ffmpeg writing a 2 s tone to {output}: it proves the command is run with the paths and
 * its WAV becomes the playable audio, not that DS2 can be decoded (no such decoder is available here).
 */
let t: TestApp;
beforeAll(async () => {
  const cmd = `${resolveFfmpeg()} -v error -y -f lavfi -i sine=frequency=500:duration=2 -f wav {output}`;
  t = await startTestApp({ AUDIO_DECODER_CMD: cmd }, { listen: true });
});
afterAll(() => t.close());

describe('external decoder', () => {
  it('a DS2 file is decoded by the configured command and becomes playable', async () => {
    const token = await t.login('author@wardnote.test');
    const bytes = readFileSync(RECORDER_FILES.ds2);
    const uploadId = await tusClient(t.base, token).upload(bytes, { filename: 'dictation.ds2' });
    const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'ORT'));
    const res = await t.call('POST', '/api/dictation', {
      token,
      body: {
        client_id: randomUUID(),
        upload_id: uploadId,
        original_filename: 'dictation.ds2',
        byte_size: bytes.length,
        status: 'READY_FOR_TYPING',
        department_id: dep!.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.audio.state).toBe('processing');
    await t.app.wardnote.jobs.runUntilIdle();
    const audio = (await t.call('GET', `/api/dictation/${res.json().data.id}`, { token })).json().data.audio;
    expect(audio.state).toBe('ready');
    expect(audio.duration_ms).toBeGreaterThan(1900);
    expect(audio.duration_ms).toBeLessThan(2300);
    expect(audio.filesize).toBe(bytes.length);
  });
});
