import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { STEPS, type StepName } from './browser-steps';

/** One browser, driven through whatever protocol it speaks. */
export interface Driver {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  step<T = unknown>(name: StepName, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

const call = (name: StepName, args: unknown[]) => `(${STEPS[name]})(...${JSON.stringify(args)})`;

export const FIREFOX = '/usr/bin/firefox-esr';

/** Firefox ESR over WebDriver BiDi (puppeteer-core), with a fake microphone. */
export async function firefox(): Promise<Driver> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      'media.autoplay.default': 0,
    },
  });
  const page = await browser.newPage();
  return {
    goto: async (url) => {
      // A navigation the app itself started (after sign-in) can abort ours: try again once it settled.
      for (let i = 0; ; i++) {
        try {
          await page.goto(url, { waitUntil: 'load' });
          return;
        } catch (err) {
          if (i >= 3 || !/NS_BINDING_ABORTED/.test(String(err))) throw err;
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    },
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    url: async () => page.url(),
    step: async <T>(name: StepName, ...args: unknown[]) => (await page.evaluate(call(name, args))) as T,
    close: () => browser.close(),
  };
}

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
].find((p) => existsSync(p));

/** WebKitGTK (Safari's engine family): MiniBrowser through WebKitWebDriver under xvfb-run, mock capture devices on. */
export async function webkit(port: number): Promise<Driver> {
  const proc: ChildProcess = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  const wd = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { value: { error?: string; message?: string } & Record<string, unknown> };
    if (json.value?.error) throw new Error(`WebDriver: ${json.value.error}: ${json.value.message}`);
    return json.value as unknown;
  };
  const kill = () => {
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      /* gone already */
    }
  };
  let session: string;
  try {
    for (let i = 0; ; i++) {
      try {
        await fetch(`${base}/status`);
        break;
      } catch (err) {
        if (i > 50) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const created = (await wd('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', '--enable-media-stream=true', '--enable-mock-capture-devices=true', '--enable-webrtc=true'],
          },
        },
      },
    })) as { sessionId: string };
    session = created.sessionId;
    await wd('POST', `/session/${session}/timeouts`, { script: 120_000, pageLoad: 60_000 });
  } catch (err) {
    kill();
    throw err;
  }
  const s = `/session/${session}`;
  return {
    goto: async (url) => void (await wd('POST', `${s}/url`, { url })),
    reload: async () => void (await wd('POST', `${s}/refresh`, {})),
    url: async () => (await wd('GET', `${s}/url`)) as string,
    step: async <T>(name: StepName, ...args: unknown[]) => {
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve(${call(name, args)}).then((v) => done({ v }), (e) => done({ e: String(e && e.message || e) }));`;
      const out = (await wd('POST', `${s}/execute/async`, { script, args: [] })) as { v?: T; e?: string };
      if (out.e) throw new Error(out.e);
      return out.v as T;
    },
    close: async () => {
      await wd('DELETE', s).catch(() => {});
      kill();
    },
  };
}
