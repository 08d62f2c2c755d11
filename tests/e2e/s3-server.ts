/**
 * The app as a trust running on S3 storage runs it, for the browser tests: an S3-compatible emulator
 * (tests/api/s3-emulator.ts) and the real server with S3_* pointing at it, in one process.
 */
import { startS3Emulator } from '../api/s3-emulator';

const credentials = { accessKeyId: 'wardnote-e2e', secretAccessKey: 'e2e-secret-checked-by-sigv4' };
const s3 = await startS3Emulator({ ...credentials, region: 'eu-west-2', buckets: ['wardnote-e2e'] });

Object.assign(process.env, {
  S3_BUCKET: 'wardnote-e2e',
  S3_REGION: 'eu-west-2',
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY_ID: credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
});
await import('../../server/main');
