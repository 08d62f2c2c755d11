import { describe, expect, it } from 'vitest';
import { Base64 as Library } from 'js-base64';
import { Base64 } from '../../scripts/vite/shims/js-base64';
import UrlParse from '../../scripts/vite/shims/url-parse';
import FileReader from '../../scripts/vite/shims/tus-file-reader';
import fingerprint from '../../scripts/vite/shims/tus-fingerprint';

/** tus-js-client in the build uses these instead of js-base64 and url-parse (scripts/vite/lean-libraries.ts). */
it('encodes upload metadata exactly as js-base64 does', () => {
  for (const value of [
    '',
    'a',
    'cd8f4578-6317-4efe-8d07-79b8a4177f55',
    'Recording (3).webm',
    'audio/webm;codecs=opus',
    'Zoë Ó’Brien — clinic 🩺',
  ])
    expect(Base64.encode(value), value).toBe(Library.encode(value));
});

it('resolves the upload Location against the endpoint exactly as url-parse does', async () => {
  // url-parse has no types of its own.
  const { default: UrlParseLibrary } = (await import('url-parse' as string)) as { default: new (address: string, base: string) => object };
  const endpoint = 'http://localhost:8080/api/uploads';
  for (const location of ['/api/uploads/8a19', 'http://localhost:8080/api/uploads/8a19', 'https://files.example.test/u/1', '8a19'])
    expect(new UrlParse(location, endpoint).toString(), location).toBe(new UrlParseLibrary(location, endpoint).toString());
});

/** The build's tus-js-client reads Blobs and Files only (scripts/vite/lean-libraries.ts). */
describe('the tus file reader and fingerprint shims', () => {
  it('slices a Blob as the library does', async () => {
    const source = await new FileReader().openFile(new Blob(['abcdefghij']));
    expect(source.size).toBe(10);
    const first = await source.slice(0, 4);
    expect(await first.value.text()).toBe('abcd');
    expect(first.done).toBe(false);
    const last = await source.slice(4, 14);
    expect(await last.value.text()).toBe('efghij');
    expect(last.done).toBe(true);
  });

  it('refuses what is not a Blob', async () => {
    await expect(new FileReader().openFile({ uri: 'file:///x' })).rejects.toThrow(/File or Blob/);
    await expect(new FileReader().openFile(null)).rejects.toThrow(/File or Blob/);
  });

  it('fingerprints a File as the library does in a browser', async () => {
    const file = new File(['x'], 'a.webm', { type: 'audio/webm', lastModified: 5 });
    expect(await fingerprint(file, { endpoint: '/api/uploads' })).toBe('tus-br-a.webm-audio/webm-1-5-/api/uploads');
    // The library's own (untyped) module gives the same.
    const library = (await import('tus-js-client/lib/browser/fileSignature.js' as string)) as { default: typeof fingerprint };
    expect(await library.default(file, { endpoint: '/api/uploads' })).toBe('tus-br-a.webm-audio/webm-1-5-/api/uploads');
  });
});
