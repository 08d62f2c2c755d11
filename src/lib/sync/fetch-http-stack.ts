import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client over fetch, so uploads run in the service worker too (workers have no XHR,
 * PITFALLS 4 and 7). fetch reports no upload progress: progress comes from acknowledged offsets.
 */
export class FetchHttpStack implements HttpStack {
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(method, url);
  }
  getName(): string {
    return 'FetchHttpStack';
  }
}

class FetchRequest implements HttpRequest {
  private headers: Record<string, string> = {};
  private controller = new AbortController();
  constructor(
    private method: string,
    private url: string,
  ) {}
  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers[header] = value;
  }
  getHeader(header: string) {
    return this.headers[header];
  }
  setProgressHandler() {}
  async send(body: Blob | ArrayBuffer | null = null): Promise<HttpResponse> {
    const res = await fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      signal: this.controller.signal,
      credentials: 'omit',
    });
    const text = await res.text();
    return new FetchResponse(res, text);
  }
  async abort() {
    this.controller.abort();
  }
  getUnderlyingObject() {
    return this.controller;
  }
}

class FetchResponse implements HttpResponse {
  constructor(
    private res: Response,
    private body: string,
  ) {}
  getStatus() {
    return this.res.status;
  }
  getHeader(header: string) {
    return this.res.headers.get(header) ?? undefined;
  }
  getBody() {
    return this.body;
  }
  getUnderlyingObject() {
    return this.res;
  }
}
