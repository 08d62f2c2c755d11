import { readFileSync, writeFileSync } from 'node:fs';

/**
 * An MP4 that holds no audio of its own: the header (moov) of `source` with its data reference changed
 * to a Macintosh alias naming `sibling` in the same folder. An ffmpeg allowed to follow data references
 * (mov `-enable_drefs 1`) plays that other file's audio through it.
 */
export function writeExternalReferenceMp4(source: string, out: string, sibling: string): string {
  const top = boxes(readFileSync(source)).filter((b) => b.type === 'ftyp' || b.type === 'moov');
  writeFileSync(out, rewrite(top, sibling));
  return out;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'dinf']);

function boxes(buf: Buffer): { type: string; body: Buffer }[] {
  const out: { type: string; body: Buffer }[] = [];
  for (let at = 0; at + 8 <= buf.length;) {
    const size = buf.readUInt32BE(at);
    if (size < 8) break;
    out.push({ type: buf.toString('latin1', at + 4, at + 8), body: buf.subarray(at + 8, at + size) });
    at += size;
  }
  return out;
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function rewrite(list: { type: string; body: Buffer }[], sibling: string): Buffer {
  return Buffer.concat(
    list.map(({ type, body }) => {
      if (type === 'dref') return aliasDref(sibling);
      if (CONTAINERS.has(type)) return box(type, rewrite(boxes(body), sibling));
      return box(type, body);
    }),
  );
}

/** A `dref` with one `alis` entry as ffmpeg's mov demuxer reads it: one level up from the file, one down. */
function aliasDref(name: string): Buffer {
  const fixed = Buffer.alloc(150); // reserved, volume, dates, file name, ids: all empty here
  fixed.writeUInt16BE(1, 130); // levels up from the alias
  fixed.writeUInt16BE(1, 132); // levels down to the target
  let path = Buffer.from(`/volume/${name}`);
  const tag = Buffer.alloc(4);
  tag.writeUInt16BE(2); // absolute path
  tag.writeUInt16BE(path.length, 2);
  if (path.length % 2) path = Buffer.concat([path, Buffer.alloc(1)]);
  const end = Buffer.from([0xff, 0xff, 0, 0]);
  const entry = box('alis', Buffer.concat([Buffer.alloc(4), fixed, tag, path, end]));
  const head = Buffer.alloc(8);
  head.writeUInt32BE(1, 4); // one entry
  return box('dref', Buffer.concat([head, entry]));
}
