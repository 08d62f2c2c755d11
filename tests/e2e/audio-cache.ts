import path from 'node:path';

/**
 * Where the test servers keep converted audio by content (server/adapters/audio-test-cache.ts): each demo clip
 * is converted once, by the first server that needs it. `npm test` empties it at the start of every run.
 */
export const TEST_AUDIO_CACHE_DIR = path.resolve(process.env.TEST_AUDIO_CACHE_DIR ?? '.tmp/test-audio-cache');
