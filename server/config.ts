import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads; documented in README.md. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  MAINTENANCE: bool,
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Wardnote <no-reply@wardnote.local>'),
  SCRIBE_HOST_PREFIX: z.string().min(1).default('scribe.'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  PIN_VERIFICATION_MINUTES: z.coerce.number().positive().default(480),
  PIN_MAX_AGE_DAYS: z.coerce.number().positive().default(90),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  SEED_DEMO: z.enum(['1', '0']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().default('./dist'),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(1024),
  FFMPEG_PATH: z.string().optional(),
  AUDIO_DECODER_CMD: z.string().optional(),
  RUN_JOBS: z.enum(['1', '0']).default('1'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means "not set" (as `FOO= npm start` or an empty line in an env file does).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    maintenance: e.MAINTENANCE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    scribeHostPrefix: e.SCRIBE_HOST_PREFIX,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    pinVerificationMs: e.PIN_VERIFICATION_MINUTES * 60_000,
    pinMaxAgeMs: e.PIN_MAX_AGE_DAYS * 86_400_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    lockoutMs: e.LOCKOUT_MINUTES * 60_000,
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    ffmpegPath: e.FFMPEG_PATH,
    audioDecoderCmd: e.AUDIO_DECODER_CMD,
    runJobs: e.RUN_JOBS === '1',
    /** Audio and uploads go to this S3-compatible bucket instead of DATA_DIR when set. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // Most self-hosted S3-compatible servers (MinIO, Ceph) need path-style addressing.
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === undefined ? Boolean(e.S3_ENDPOINT) : ['1', 'true', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : null,
  };
}
