import { z } from 'zod';

/** GET /api/dictation-options: what the details form offers, for the caller's trust. */
export const dictationOptionsSchema = z.object({
  departments: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  job_types: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      department_id: z.number().nullable(),
      /** The job type's own fields: the details form shows each as its kind (a list for a choice, a date picker for a date). */
      custom_fields: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          required: z.boolean().optional(),
          kind: z.enum(['text', 'number', 'date', 'choice']).optional(),
          options: z.array(z.string()).optional(),
        }),
      ),
    }),
  ),
  /** Authors a Secretary or Manager may upload for; empty for an Author, who dictates as themself. */
  authors: z.array(z.object({ id: z.number(), full_name: z.string() })),
});
export type DictationOptions = z.infer<typeof dictationOptionsSchema>;
