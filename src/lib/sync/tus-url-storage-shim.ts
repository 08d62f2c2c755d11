/**
 * Replaces tus-js-client's localStorage URL storage (wired in vite.config.ts). Its module touches
 * `window` on load, which throws in a service worker (PITFALLS 7); Wardnote keeps upload URLs in the
 * outbox rows in IndexedDB instead, so the library never needs to store them.
 */
export const canStoreURLs = false;

export class WebStorageUrlStorage {
  findAllUploads() {
    return Promise.resolve([]);
  }
  findUploadsByFingerprint() {
    return Promise.resolve([]);
  }
  removeUpload() {
    return Promise.resolve();
  }
  addUpload() {
    return Promise.resolve(undefined);
  }
}
