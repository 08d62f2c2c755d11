/**
 * tus-js-client's browser file reader, for Blobs and Files only (scripts/vite/lean-libraries.ts). The
 * library's own also reads React Native file URIs, Cordova files and stream readers; Wardnote uploads a
 * recording's Blob (the outbox, page and worker) or a chosen File (attachments), nothing else.
 */
interface Slice {
  value: Blob;
  done: boolean;
}

/** The library's FileSource without its Cordova branch. */
export class BlobSource {
  readonly size: number;
  private readonly file: Blob;
  constructor(file: Blob) {
    this.file = file;
    this.size = file.size;
  }
  slice(start: number, end: number): Promise<Slice> {
    return Promise.resolve({ value: this.file.slice(start, end), done: end >= this.size });
  }
  close() {}
}

export default class FileReader {
  openFile(input: unknown): Promise<BlobSource> {
    const blob = input as Blob | null;
    if (typeof blob?.slice === 'function' && typeof blob.size !== 'undefined') return Promise.resolve(new BlobSource(blob));
    return Promise.reject(new Error('source object may only be an instance of File or Blob in this environment'));
  }
}
