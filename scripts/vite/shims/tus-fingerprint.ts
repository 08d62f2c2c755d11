/**
 * tus-js-client's default fingerprint in a browser (scripts/vite/lean-libraries.ts), without its React
 * Native variant. The outbox passes its own (the recording id); attachments use this one.
 */
export default function fingerprint(file: Partial<File>, options: { endpoint?: string }): Promise<string> {
  return Promise.resolve(['tus-br', file.name, file.type, file.size, file.lastModified, options.endpoint].join('-'));
}
