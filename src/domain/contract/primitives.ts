import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * The building blocks every schema of the contract uses for ids and free text, so a value the
 * database cannot hold is refused with a 422 naming the field instead of failing in SQL (a 500).
 */

/** Largest PostgreSQL `integer`: every id column is one. */
export const INT4_MAX = 2_147_483_647;

/** An id in a JSON body: a whole number from 1 to INT4_MAX. `missing` replaces the message when it is absent or not a number. */
export const idSchema = (missing?: string) =>
  z
    .number(missing ? { error: missing } : undefined)
    .int(MESSAGES.idInvalid)
    .min(1, missing ?? MESSAGES.idInvalid)
    .max(INT4_MAX, MESSAGES.idInvalid);

/** An id in a path or query string: digits only (no signs, spaces, exponents or fractions), then the same range. */
export const idTextSchema = z
  .string()
  .regex(/^\d{1,10}$/, MESSAGES.idInvalid)
  .transform(Number)
  .pipe(idSchema());

/** `/:id` path parameters. */
export const idParamSchema = z.object({ id: idTextSchema });

/** Half of a surrogate pair: not valid Unicode, and refused by PostgreSQL jsonb. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored and sent back as it is: no NUL (PostgreSQL text and jsonb refuse it), no lone surrogate. */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/** Free text that reaches the database: refuses NUL and lone surrogates, with a message in plain words. */
export const safeText = () => z.string().refine(isStorableText, MESSAGES.textUnsafe);

const PAGE_TEXT = 'page: a page number is a whole number from 1.';

/** A list's `page` query parameter: a whole number from 1 (the default) up to int4; past the end is an empty page. */
export const pageQuerySchema = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, PAGE_TEXT)
    .transform(Number)
    .pipe(z.number().min(1, PAGE_TEXT).max(INT4_MAX, 'page: that page number is too large.'))
    .default(1);
