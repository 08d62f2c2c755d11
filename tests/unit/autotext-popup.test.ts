// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPopupMessage, openAutotextPopup } from '../../src/features/autotext/popup/popup-channel';
import { rankSnippets } from '../../src/features/autotext/components/autotext-chooser';
import { MESSAGES } from '../../src/domain/messages';
import type { AutotextSnippet } from '../../src/domain/contract';

/** Replaces window.open and window.alert (happy-dom has no alert to spy on). */
function stubWindow(opened: Window | null) {
  const open = vi.fn(() => opened);
  const alert = vi.fn();
  Object.defineProperty(window, 'open', { value: open, configurable: true, writable: true });
  Object.defineProperty(window, 'alert', { value: alert, configurable: true, writable: true });
  return { open, alert };
}

afterEach(() => vi.restoreAllMocks());

describe('openAutotextPopup', () => {
  it('opens /autotextpopup in a 700x500 window named autotext, for the calling page', () => {
    const { open, alert } = stubWindow({} as Window);
    expect(openAutotextPopup({ target: 'page-1', departmentId: 7 })).not.toBeNull();
    const [url, name, features] = open.mock.calls[0]! as unknown as [string, string, string];
    expect(new URL(String(url)).pathname).toBe('/autotextpopup');
    expect(new URL(String(url)).searchParams.get('target')).toBe('page-1');
    expect(new URL(String(url)).searchParams.get('department')).toBe('7');
    expect([name, features]).toEqual(['autotext', 'width=700,height=500']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts the spec’s words when the browser blocks the popup', () => {
    const { alert } = stubWindow(null);
    expect(openAutotextPopup()).toBeNull();
    expect(alert).toHaveBeenCalledWith('Popup blocked! Please allow popups for this site.');
    expect(MESSAGES.popupBlocked).toBe('Popup blocked! Please allow popups for this site.');
  });
});

describe('the popup’s messages', () => {
  it('accepts only well-formed insert and inserted messages', () => {
    expect(isPopupMessage({ type: 'insert', target: 't', body: 'b', shortcut: 's' })).toBe(true);
    expect(isPopupMessage({ type: 'inserted', target: 't', shortcut: 's' })).toBe(true);
    expect(isPopupMessage({ type: 'insert', target: 't', shortcut: 's' })).toBe(false);
    expect(isPopupMessage({ type: 'other', target: 't', shortcut: 's' })).toBe(false);
    expect(isPopupMessage(null)).toBe(false);
  });
});

describe('the picker’s order', () => {
  const s = (
    id: number,
    shortcut: string,
    title: string,
    body = '',
    scope: AutotextSnippet['scope'] = 'trust',
    department_id: number | null = null,
  ) => ({ id, shortcut, title, body, scope, department_id }) as AutotextSnippet;
  const all = [s(1, 'fu6', 'Follow-up'), s(2, 'f', 'Fee'), s(3, 'x', 'Review in clinic', 'fu'), s(4, 'fu', 'Dept', '', 'department', 9)];
  it('puts the exact shortcut first, then shortcuts starting with it, then titles and texts', () => {
    expect(rankSnippets(all, 'fu').map((x) => x.id)).toEqual([4, 1, 3]);
    expect(rankSnippets(all, 'FU', 8).map((x) => x.id)).toEqual([1, 3]);
    expect(rankSnippets(all, '').map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('the dictation page’s side of the popup', () => {
  it('inserts what the popup sends for this page, filled, and answers; another page’s is ignored', async () => {
    const { Editor } = await import('@tiptap/core');
    const { default: StarterKit } = await import('@tiptap/starter-kit');
    const { createAutotextExtension } = await import('../../src/features/autotext/editor/autotext-extension');
    const { listenForPopupInserts } = await import('../../src/features/autotext/popup/use-popup-bridge');
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: [StarterKit, createAutotextExtension({ getSnippets: () => [], getMergeValues: () => ({ gp_name: 'Patel' }) })],
      content: '<p></p>',
    });
    const stop = listenForPopupInserts(editor, 'page-1');
    const popup = new BroadcastChannel('wardnote-autotext');
    const answered = new Promise<unknown>((resolve) => (popup.onmessage = (e: MessageEvent) => resolve(e.data)));
    popup.postMessage({ type: 'insert', target: 'page-2', body: 'Not for me', shortcut: 'x' });
    popup.postMessage({ type: 'insert', target: 'page-1', body: 'Dear Dr {{gp_name}},', shortcut: 'dw' });
    expect(await answered).toEqual({ type: 'inserted', target: 'page-1', shortcut: 'dw' });
    expect(editor.getText()).toBe('Dear Dr Patel,');
    stop();
    popup.close();
    editor.destroy();
  });
});
