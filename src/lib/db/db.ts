import Dexie, { type EntityTable } from 'dexie';

/** An encrypted record (AES-GCM): profile, recent searches, cached letters. */
export interface SecureItem {
  name: string;
  iv: Uint8Array;
  data: ArrayBuffer;
  updatedAt: number;
}

export const DB_NAME = 'wardnote';

/** The one Dexie database, shared by the page and the service worker. */
export class WardnoteDb extends Dexie {
  secure!: EntityTable<SecureItem, 'name'>;

  constructor() {
    super(DB_NAME);
    this.version(1).stores({ secure: 'name' });
  }
}

export const db = new WardnoteDb();
