import type { UploadOptions } from 'tus-js-client';
import { SYNC_PATHS } from '../../domain/contract/paths-sync';

/** An absolute address on this origin (the page's or the service worker's). */
export function originUrl(path: string): string {
  return new URL(path, (globalThis as unknown as { location: { origin: string } }).location.origin).toString();
}

/**
 * What every tus upload to /api/uploads shares (audio from the outbox, attachments): the endpoint on this
 * origin, the chunk size, the caller's headers, and no fingerprint kept in localStorage (the outbox keeps
 * its upload URLs in Dexie; an attachment is resumed by its own running upload).
 */
export function tusUploadOptions(
  headers: Record<string, string>,
  chunkBytes: number,
): Pick<UploadOptions, 'endpoint' | 'chunkSize' | 'headers' | 'storeFingerprintForResuming'> {
  return { endpoint: originUrl(SYNC_PATHS.uploads), chunkSize: chunkBytes, headers, storeFingerprintForResuming: false };
}
