import { Suspense, useRef, useState } from 'react';
import { toast } from 'sonner';
import { letterheadInputSchema, type LetterheadInput, type TrustLetterhead } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { useFocusFirstError } from '../../components/ui/leave-guard';
import { PdfPagesLazy } from '../letter-preview';
import { previewLetterhead, useSaveLetterhead } from './api';
import { problemsOf } from './check';
import { CARD, Field, first, HINT, INPUT } from './controls';

/** The largest logo file taken (the server checks it again, with its pixel size). */
const LOGO_MAX_BYTES = 190 * 1024;

interface Draft {
  lines: string;
  telephone: string;
  email: string;
  website: string;
  footer: string;
  logo: string | null;
}

const draftOf = (l: TrustLetterhead): Draft => ({
  lines: l.address_lines.join('\n'),
  telephone: l.telephone ?? '',
  email: l.email ?? '',
  website: l.website ?? '',
  footer: l.footer ?? '',
  logo: l.logo_png_base64,
});

const inputOf = (d: Draft): LetterheadInput => ({
  address_lines: d.lines
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
  telephone: d.telephone.trim() || null,
  email: d.email.trim() || null,
  website: d.website.trim() || null,
  footer: d.footer.trim() || null,
  logo_png_base64: d.logo,
});

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The letterhead every letter of the trust is printed with: logo, address lines, contact lines, footer.
 * "Preview" renders a sample letter (no patient's details) on what the form holds, saved or not.
 */
export function LetterheadSection({
  trustId,
  letterhead,
  onDirty,
}: {
  trustId: number;
  letterhead: TrustLetterhead;
  onDirty: (d: boolean) => void;
}) {
  const [saved, setSaved] = useState(() => draftOf(letterhead));
  const [d, setD] = useState(saved);
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const [preview, setPreview] = useState<
    { kind: 'loading' } | { kind: 'shown'; bytes: ArrayBuffer } | { kind: 'failed'; message: string } | null
  >(null);
  const save = useSaveLetterhead(trustId);
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fields = { ...form.fields, ...local };
  useFocusFirstError(ref, fields);
  const set = (patch: Partial<Draft>) => {
    const next = { ...d, ...patch };
    setD(next);
    onDirty(JSON.stringify(next) !== JSON.stringify(saved));
  };

  async function chooseLogo(file: File | undefined) {
    if (!file) return;
    if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png'))
      return setLocal({ logo_png_base64: [PAGE_MESSAGES.letterheadLogoType] });
    if (file.size > LOGO_MAX_BYTES) return setLocal({ logo_png_base64: [PAGE_MESSAGES.letterheadLogoTooLarge] });
    setLocal({});
    set({ logo: await readBase64(file) });
  }

  function checked(): LetterheadInput | null {
    const input = inputOf(d);
    const problems = problemsOf(letterheadInputSchema, input);
    setLocal(problems ?? {});
    return problems ? null : input;
  }

  async function submit() {
    const input = checked();
    if (!input) return;
    await form.run(async () => {
      const next = draftOf(await save.mutateAsync(input));
      setSaved(next);
      setD(next);
      onDirty(false);
      toast.success(PAGE_MESSAGES.letterheadSaved);
    });
  }

  async function showPreview() {
    const input = checked();
    if (!input) return;
    setPreview({ kind: 'loading' });
    try {
      setPreview({ kind: 'shown', bytes: await previewLetterhead(trustId, input) });
    } catch (err) {
      setPreview({ kind: 'failed', message: err instanceof HttpError ? err.message : PAGE_MESSAGES.letterheadPreviewFailed });
    }
  }

  return (
    <form
      ref={ref}
      aria-labelledby="letterhead-title"
      className={`${CARD} flex flex-col gap-4`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="letterhead-title" className="text-lg font-semibold">
        Letterhead
      </h2>
      <p className={HINT}>Printed at the top of the first page of every letter; the footer on every page.</p>
      {form.error && <Alert>{form.error}</Alert>}
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">Logo</span>
        <div className="flex flex-wrap items-center gap-3">
          {d.logo ? (
            <img
              src={`data:image/png;base64,${d.logo}`}
              alt="The trust’s logo"
              className="h-16 max-w-48 rounded border border-slate-200 bg-white object-contain p-1"
            />
          ) : (
            <span className={HINT}>No logo</span>
          )}
          <input
            ref={fileRef}
            id="letterhead-logo"
            type="file"
            accept="image/png"
            aria-label="Logo file (PNG)"
            tabIndex={-1}
            className="sr-only"
            aria-describedby={first(fields, 'logo_png_base64') ? 'letterhead-logo-error' : 'letterhead-logo-hint'}
            onChange={(e) => {
              void chooseLogo(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button tone="secondary" onPress={() => fileRef.current?.click()}>
            {d.logo ? 'Replace logo' : 'Upload logo'}
          </Button>
          {d.logo && (
            <Button tone="ghost" onPress={() => set({ logo: null })}>
              Remove logo
            </Button>
          )}
        </div>
        {first(fields, 'logo_png_base64') ? (
          <span id="letterhead-logo-error" className="text-sm text-red-700 dark:text-red-400">
            {first(fields, 'logo_png_base64')}
          </span>
        ) : (
          <span id="letterhead-logo-hint" className="text-xs text-slate-600 dark:text-slate-400">
            A PNG image of at most 190 KB.
          </span>
        )}
      </div>
      <Field
        id="letterhead-lines"
        label="Address lines"
        error={first(fields, 'address_lines') ?? Object.entries(fields).find(([k]) => k.startsWith('address_lines.'))?.[1][0]}
        hint="One line each, at most 6."
      >
        {(p) => <textarea {...p} rows={4} className={`${INPUT} py-2`} value={d.lines} onChange={(e) => set({ lines: e.target.value })} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="letterhead-telephone" label="Telephone" error={first(fields, 'telephone')}>
          {(p) => <input {...p} className={INPUT} value={d.telephone} onChange={(e) => set({ telephone: e.target.value })} />}
        </Field>
        <Field id="letterhead-email" label="E-mail" error={first(fields, 'email')}>
          {(p) => <input {...p} className={INPUT} value={d.email} onChange={(e) => set({ email: e.target.value })} />}
        </Field>
        <Field id="letterhead-website" label="Website" error={first(fields, 'website')}>
          {(p) => <input {...p} className={INPUT} value={d.website} onChange={(e) => set({ website: e.target.value })} />}
        </Field>
      </div>
      <Field
        id="letterhead-footer"
        label="Footer"
        error={first(fields, 'footer')}
        hint="One line on every page, such as the registered office."
      >
        {(p) => <input {...p} className={INPUT} value={d.footer} onChange={(e) => set({ footer: e.target.value })} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <Button tone="secondary" onPress={() => void showPreview()} isDisabled={preview?.kind === 'loading'}>
          {preview?.kind === 'loading' ? 'Making the preview…' : 'Preview on a letter'}
        </Button>
        <Button type="submit" isDisabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save letterhead'}
        </Button>
      </div>
      {preview && preview.kind !== 'loading' && (
        <AppDialog open onOpenChange={(open) => !open && setPreview(null)} title="Letterhead preview" size="xl">
          <p className={`mb-3 ${HINT}`}>
            A sample letter with no patient’s details, printed as letters are. Nothing is saved by previewing.
          </p>
          {preview.kind === 'failed' ? (
            <Alert>{preview.message}</Alert>
          ) : (
            <Suspense fallback={<p className={HINT}>Loading the viewer…</p>}>
              <PdfPagesLazy
                bytes={preview.bytes}
                zoom={1}
                onLoaded={() => undefined}
                onFailed={() => setPreview({ kind: 'failed', message: MESSAGES.previewNotAvailable })}
              />
            </Suspense>
          )}
        </AppDialog>
      )}
    </form>
  );
}
