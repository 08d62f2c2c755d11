import { expect, it } from 'vitest';
import { Base64 as Library } from 'js-base64';
import { Base64 } from '../../scripts/vite/shims/js-base64';
import UrlParse from '../../scripts/vite/shims/url-parse';

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
