import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { writeTone } from '../api/audio-fixtures';
import { expectPath, signIn } from './helpers';
import { S3_PORT } from './ports';
import { apiToken, outboxItems, serverDictation } from './recording';

const base = `http://localhost:${S3_PORT}`;
test.use({ baseURL: base, serviceWorkers: 'block' });
test.describe.configure({ timeout: 120_000 });

test('on S3 storage, a 12 MB upload cut off mid-way resumes, becomes a dictation and plays back', async ({ page, request }) => {
  const file = writeTone('.tmp/e2e-s3-long.wav', { seconds: 130, frequency: 250, rate: 48000, codec: ['-c:a', 'pcm_s16le'] });
  const bytes = readFileSync(file);

  let cut = false;
  const offsets: number[] = [];
  await page.route('**/api/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      const offset = Number(route.request().headers()['upload-offset']);
      offsets.push(offset);
      if (offset > 0 && !cut) {
        cut = true;
        return route.abort('connectionreset');
      }
    }
    return route.continue();
  });
  const clientIds: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/dictation') clientIds.push(req.postDataJSON().client_id);
  });

  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await page.goto('/uploaddictation');
  await page.getByLabel(/Dictation files/).setInputFiles({ name: 'WARD-ROUND.WAV', mimeType: 'audio/wav', buffer: bytes });
  await page.getByLabel('Author').selectOption({ label: 'Daniel Reid' });
  await page.getByLabel('Service (required)').selectOption({ label: 'Respiratory (RES)' });
  await page.getByRole('button', { name: /Upload/ }).click();
  await expect(page.getByText('Received by the server.')).toBeVisible({ timeout: 90_000 });
  expect(await outboxItems(page)).toEqual([]);
  expect(cut, `PATCH offsets seen: ${JSON.stringify(offsets)}`).toBe(true);
  expect(offsets.filter((o) => o === 0)).toHaveLength(1);

  const token = await apiToken(request, 'secretary@wardnote.test');
  await expect.poll(async () => (await serverDictation(request, token, clientIds[0]!))?.audio.state, { timeout: 60_000 }).toBe('ready');
  const d = (await serverDictation(request, token, clientIds[0]!))!;
  expect(d.audio.filesize).toBe(bytes.length);
  expect(d.audio.duration_ms).toBeGreaterThan(129_000);
  expect(d.audio.duration_ms).toBeLessThan(131_000);

  const full = await request.get(`/api/dictation/${d.id}`, { headers: { authorization: `Bearer ${token}` } });
  const audioUrl = (await full.json()).data.audio.url as string;
  const part = await request.get(audioUrl, { headers: { range: 'bytes=0-1023' } });
  expect(part.status()).toBe(206);
  expect((await part.body()).length).toBe(1024);
  expect((await part.body()).subarray(4, 8).toString()).toBe('ftyp');
  // Nothing went to the file store: audio and uploads are in the bucket.
  expect(existsSync('.tmp/e2e-s3-data/files')).toBe(false);
});
