/** The contract of Settings that inherit trust → site → department → user, with locks (issue 25). */
import { z } from 'zod';
import { SETTING_KEYS, SETTING_LEVELS } from '../settings-inheritance';
import { idTextSchema } from './primitives';

export const settingLevelSchema = z.enum(SETTING_LEVELS);
export const settingKeySchema = z.enum(SETTING_KEYS);

/** `/api/settings/:scope/:id`: a level (trust, site, department or user) and its id. */
export const settingLevelParamsSchema = z.object({ scope: settingLevelSchema, id: idTextSchema }).strict();
/** `/api/settings/:scope/:id/:key`. */
export const settingKeyParamsSchema = z.object({ scope: settingLevelSchema, id: idTextSchema, key: settingKeySchema }).strict();

/**
 * PUT: the value held at this level, and whether the levels below may change it. The value's own rule
 * (src/domain/settings-inheritance.ts, by key) is checked by the service, which knows the key and the trust's limits.
 */
export const settingPutSchema = z
  .object({
    value: z.json(),
    locked: z.boolean().optional(),
  })
  .strict();
export type SettingPut = z.infer<typeof settingPutSchema>;

const sourceSchema = z.object({ level: z.enum([...SETTING_LEVELS, 'default']), name: z.string().nullable() });

/** One setting as a level sees it: the effective value, where it comes from, and any lock above. */
export const resolvedSettingSchema = z.object({
  key: settingKeySchema,
  value: z.unknown(),
  source: sourceSchema,
  source_text: z.string(),
  locked: z.boolean(),
  locked_by: sourceSchema.nullable(),
  held: z.object({ value: z.unknown(), locked: z.boolean() }).nullable(),
  settable: z.boolean(),
});
export type ResolvedSettingAnswer = z.infer<typeof resolvedSettingSchema>;

export const levelSettingsSchema = z.object({
  scope: settingLevelSchema,
  id: z.number(),
  name: z.string(),
  trust_id: z.number(),
  settings: z.array(resolvedSettingSchema),
});
export type LevelSettings = z.infer<typeof levelSettingsSchema>;

export const levelSettingsAnswerSchema = z.object({ data: levelSettingsSchema });
