import type { OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { ByteRange } from '../adapters/storage';

/** Something stored that can be read whole or in part. */
export interface StoredObject {
  size: number;
  read(range?: ByteRange): Promise<Readable>;
}

/**
 * Answers with the whole object or, for a single `Range: bytes=…`, the part asked for (206), so media
 * elements can seek. Several ranges at once get the whole object, which HTTP allows.
 */
export async function sendRanged(req: FastifyRequest, reply: FastifyReply, object: StoredObject, contentType: string) {
  reply.header('Accept-Ranges', 'bytes').type(contentType);
  const header = req.headers.range;
  const ranges = header ? parseRange(object.size, header, { combine: true }) : -2;
  if (ranges === -1) {
    return reply.status(416).header('Content-Range', `bytes */${object.size}`).send();
  }
  const wanted = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  if (wanted) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${object.size}`)
      .header('Content-Length', wanted.end - wanted.start + 1);
  } else {
    reply.status(200).header('Content-Length', object.size);
  }
  if (req.method === 'HEAD') return headersOnly(reply);
  return reply.send(await object.read(wanted));
}

/** HEAD: the headers as GET would send them; Fastify would set Content-Length to 0 for an empty body. */
function headersOnly(reply: FastifyReply) {
  reply.hijack();
  reply.raw.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  reply.raw.end();
  return reply;
}
