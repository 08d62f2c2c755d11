/**
 * The attachment check's inflater (src/domain/attachment-verdict.ts `Inflate`): zlib with its output capped
 * at what is left of the file's unpack budget, so it stops as soon as the output passes it rather than
 * inflating an entry whole only to throw it away. 'too_large' past the cap; null when the data is broken.
 * Z_SYNC_FLUSH: a stream cut short gives what it holds, as PDF readers do, instead of an error.
 */
import { constants, inflateRawSync, inflateSync } from 'node:zlib';
import type { Inflate } from '../../src/domain/attachment-verdict';

export const boundedInflate: Inflate = (data, format, maxBytes) => {
  try {
    const opts = { maxOutputLength: Math.max(1, maxBytes), finishFlush: constants.Z_SYNC_FLUSH };
    return format === 'raw' ? inflateRawSync(data, opts) : inflateSync(data, opts);
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : null;
  }
};
