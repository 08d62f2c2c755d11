import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ENGINE_KINDS, engineInputSchema, type Engine, type EngineInput, type EngineKind, type Engines } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useFocusFirstError } from '../../components/ui/leave-guard';
import { useUpdateEngines } from './api';
import { problemsOf } from './check';
import { CARD, Checkbox, Field, first, HINT, INPUT } from './controls';

const TITLE: Record<EngineKind, string> = { transcription: 'Transcription engine', drafting: 'Drafting engine' };
const WHAT: Record<EngineKind, string> = {
  transcription: 'Turns the scribe’s recordings into transcripts.',
  drafting: 'Drafts the letter from a transcript.',
};

interface Draft {
  url: string;
  model: string;
  /** A new key typed; '' keeps the stored one. */
  key: string;
  clear: boolean;
}
const draftOf = (e: Engine): Draft => ({ url: e.base_url ?? '', model: e.model ?? '', key: '', clear: false });

function KeyStatus({ set }: { set: boolean }) {
  return set ? (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      {PAGE_MESSAGES.engineSet}
    </span>
  ) : (
    <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
      {PAGE_MESSAGES.engineNotSet}
    </span>
  );
}

/**
 * The AI scribe's engines for this trust: address, model and API key of the transcription and drafting
 * engines. The key is never shown back: only whether one is set; a new one replaces it, "Clear" removes it.
 */
export function EnginesSection({ trustId, engines, onDirty }: { trustId: number; engines: Engines; onDirty: (d: boolean) => void }) {
  const [current, setCurrent] = useState(engines);
  const [d, setD] = useState(() => ({ transcription: draftOf(engines.transcription), drafting: draftOf(engines.drafting) }));
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const update = useUpdateEngines(trustId);
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const fields = { ...form.fields, ...local };
  useFocusFirstError(ref, fields);

  const changeOf = (kind: EngineKind): EngineInput | null => {
    const was = current[kind];
    const x = d[kind];
    const change: EngineInput = {
      ...(x.url.trim() !== (was.base_url ?? '') ? { base_url: x.url.trim() || null } : {}),
      ...(x.model.trim() !== (was.model ?? '') ? { model: x.model.trim() || null } : {}),
      ...(x.clear ? { api_key: null } : x.key.trim() ? { api_key: x.key } : {}),
    };
    return Object.keys(change).length ? change : null;
  };
  const set = (kind: EngineKind, patch: Partial<Draft>) => {
    const next = { ...d, [kind]: { ...d[kind], ...patch } };
    setD(next);
    onDirty(
      ENGINE_KINDS.some((k) => {
        const x = next[k];
        return x.url.trim() !== (current[k].base_url ?? '') || x.model.trim() !== (current[k].model ?? '') || !!x.key || x.clear;
      }),
    );
  };

  async function submit() {
    const input: Partial<Record<EngineKind, EngineInput>> = {};
    const problems: Record<string, string[]> = {};
    for (const kind of ENGINE_KINDS) {
      const change = changeOf(kind);
      if (!change) continue;
      input[kind] = change;
      for (const [k, v] of Object.entries(problemsOf(engineInputSchema, change) ?? {})) problems[`${kind}.${k}`] = v;
    }
    setLocal(problems);
    if (Object.keys(problems).length) return;
    if (!Object.keys(input).length) return void toast.info(PAGE_MESSAGES.engineNothingToChange);
    await form.run(async () => {
      const saved = await update.mutateAsync(input);
      setCurrent(saved);
      setD({ transcription: draftOf(saved.transcription), drafting: draftOf(saved.drafting) });
      onDirty(false);
      toast.success(PAGE_MESSAGES.enginesSaved);
    });
  }

  return (
    <form
      ref={ref}
      aria-labelledby="engines-title"
      className={`${CARD} flex flex-col gap-4`}
      noValidate
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="engines-title" className="text-lg font-semibold">
        AI scribe engines
      </h2>
      <p className={HINT}>{PAGE_MESSAGES.enginesUsedBy}</p>
      {form.error && <Alert>{form.error}</Alert>}
      <div className="grid gap-4 lg:grid-cols-2">
        {ENGINE_KINDS.map((kind) => (
          <fieldset key={kind} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold">{TITLE[kind]}</legend>
            <p className={HINT}>{WHAT[kind]}</p>
            <Field
              id={`${kind}-url`}
              label="Address"
              error={first(fields, `${kind}.base_url`)}
              hint="https:// only; no user name or password in it."
            >
              {(p) => (
                <input
                  {...p}
                  className={INPUT}
                  inputMode="url"
                  placeholder="https://engine.example.nhs.uk/v1"
                  value={d[kind].url}
                  onChange={(e) => set(kind, { url: e.target.value })}
                />
              )}
            </Field>
            <Field id={`${kind}-model`} label="Model" error={first(fields, `${kind}.model`)}>
              {(p) => <input {...p} className={INPUT} value={d[kind].model} onChange={(e) => set(kind, { model: e.target.value })} />}
            </Field>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">API key:</span>
              <KeyStatus set={current[kind].api_key_set} />
            </div>
            <Field
              id={`${kind}-key`}
              label={current[kind].api_key_set ? 'Replace the API key' : 'API key'}
              error={first(fields, `${kind}.api_key`)}
              hint="Stored encrypted and never shown again. Leave empty to keep the current one."
            >
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  className={INPUT}
                  value={d[kind].key}
                  disabled={d[kind].clear}
                  onChange={(e) => set(kind, { key: e.target.value })}
                />
              )}
            </Field>
            {current[kind].api_key_set && (
              <Checkbox label="Clear the API key" checked={d[kind].clear} onChange={(clear) => set(kind, { clear, key: '' })} />
            )}
          </fieldset>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isDisabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save engines'}
        </Button>
      </div>
    </form>
  );
}
