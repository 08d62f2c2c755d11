/**
 * One HTTP exchange with MESH over node:https (mutual TLS through an https.Agent holding the client
 * certificate, key and CA) or node:http (a local sandbox). The server's fetch stack is not used here:
 * Node's global fetch cannot take client certificates without the undici package, which the project
 * does not depend on. Bodies are small (a letter); they are buffered.
 */
import http from 'node:http';
import https from 'node:https';
import type { MeshTls } from './mesh-config';

export interface MeshResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface MeshRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
}

export type MeshAgent = http.Agent | https.Agent;

export function meshAgent(url: string, tls?: MeshTls): MeshAgent {
  if (new URL(url).protocol === 'http:') return new http.Agent({ keepAlive: true });
  return new https.Agent({
    keepAlive: true,
    ...(tls ? { cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}) } : {}),
  });
}

export function meshRequest(agent: MeshAgent, req: MeshRequest): Promise<MeshResponse> {
  const url = new URL(req.url);
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<MeshResponse>((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body) headers['content-length'] = String(req.body.length);
    const r = mod.request(url, { method: req.method, agent, headers, signal: AbortSignal.timeout(req.timeoutMs) }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    r.on('error', (err: Error & { code?: string }) => {
      // AbortSignal.timeout aborts with a TimeoutError as the cause; name it so it is classified.
      const cause = (err as { cause?: { name?: string } }).cause;
      if (err.name === 'AbortError' && cause?.name === 'TimeoutError')
        reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
      else reject(err);
    });
    r.end(req.body);
  });
}

export function jsonBody(res: MeshResponse): unknown {
  if (!res.body.length) return undefined;
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
