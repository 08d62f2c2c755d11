import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FieldError, Form, Label, Tab, TabList, TabPanel, Tabs, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { toast } from 'sonner';
import { knowledgeArticleInputSchema, knowledgeArticlePatchSchema, tagsFromText, type KnowledgeArticle } from '../../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useSubmit } from '../../../lib/use-submit';
import { useSaveArticle } from '../api';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { MarkdownView } from './markdown-view';
import { ScopeBadge } from './scope-badge';

interface Props {
  /** The article being changed; null for a new one. */
  existing: KnowledgeArticle | null;
  /** A SuperAdmin chooses between every trust and their own; a TrustAdmin writes for their trust. */
  mayWriteGlobal: boolean;
}

type Scope = 'trust' | 'global';

const TAB =
  'min-h-11 cursor-pointer rounded-t-lg px-4 text-sm font-medium text-slate-600 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-b-2 data-[selected]:border-brand-600 data-[selected]:text-slate-900 dark:text-slate-300 dark:data-[selected]:text-slate-100 flex items-center';

/**
 * Writing an article (SuperAdmin, TrustAdmin): title, who reads it, tags and the Markdown text with a
 * preview rendered exactly as readers see it. The one form pattern: the shared schema checks it first
 * (errors under each field, the first one focused), then the server; leaving with unsaved changes asks.
 */
export function ArticleForm({ existing, mayWriteGlobal }: Props) {
  const navigate = useNavigate();
  const save = useSaveArticle();
  const form = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef({
    title: existing?.title ?? '',
    tags: existing?.tags.join(', ') ?? '',
    body: existing?.body ?? '',
    scope: 'trust' as Scope,
  });
  const [value, setValue] = useState(initial.current);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const set = (patch: Partial<typeof value>) => setValue((v) => ({ ...v, ...patch }));

  const dirty =
    value.title !== initial.current.title ||
    value.tags !== initial.current.tags ||
    value.body !== initial.current.body ||
    value.scope !== initial.current.scope;
  const guard = useRef({ dirty, saved: false });
  guard.current.dirty = dirty;
  const leaving = useLeaveGuard(useCallback(() => guard.current.dirty && !guard.current.saved, []));

  // The first field in error takes the focus; an error in the text brings its tab forward.
  const tabRef = useRef(tab);
  tabRef.current = tab;
  useEffect(() => {
    if (!Object.keys(form.fields).length) return;
    if (form.fields.body && tabRef.current !== 'write') setTab('write');
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }, [form.fields]);

  async function submit() {
    const fields = { title: value.title, body: value.body, tags: tagsFromText(value.tags) };
    const saved = (id: number) => {
      guard.current.saved = true;
      toast.success(PAGE_MESSAGES.kbSaved(value.title.trim()));
      void navigate({ to: '/knowledgebase', search: { article: id } });
    };
    if (existing) {
      await form.runChecked(knowledgeArticlePatchSchema, fields, async () => {
        saved((await save.mutateAsync({ id: existing.id, patch: fields })).id);
      });
    } else {
      const input = mayWriteGlobal && value.scope === 'global' ? { ...fields, trust_id: null } : fields;
      await form.runChecked(knowledgeArticleInputSchema, input, async () => {
        saved((await save.mutateAsync({ id: null, input })).id);
      });
    }
  }

  const cancel = () => void navigate({ to: '/knowledgebase', search: existing ? { article: existing.id } : {} });

  return (
    <section
      aria-labelledby="kb-form-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="kb-form-title" className="text-xl font-semibold tracking-tight">
        {existing ? `Edit “${existing.title}”` : PAGE_MESSAGES.kbNew}
      </h2>
      <Form
        ref={formRef}
        aria-labelledby="kb-form-title"
        className="mt-4 flex flex-col gap-4"
        validationErrors={form.fields}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {form.error && <Alert>{form.error}</Alert>}
        <TextField name="title" label="Title" value={value.title} onChange={(title) => set({ title })} autoFocus />
        {existing || !mayWriteGlobal ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-slate-700 dark:text-slate-200">{PAGE_MESSAGES.kbFor}:</span>
            {existing ? <ScopeBadge trust={existing.trust} /> : PAGE_MESSAGES.kbForOwnTrust}
          </p>
        ) : (
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            {PAGE_MESSAGES.kbFor}
            <select
              name="trust_id"
              value={value.scope}
              onChange={(e) => set({ scope: e.target.value as Scope })}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base font-normal dark:border-slate-600 dark:bg-slate-900"
            >
              <option value="trust">{PAGE_MESSAGES.kbForOwnTrust}</option>
              <option value="global">{PAGE_MESSAGES.kbForEveryTrust}</option>
            </select>
          </label>
        )}
        <TextField name="tags" label="Tags" description={PAGE_MESSAGES.kbTagsHint} value={value.tags} onChange={(tags) => set({ tags })} />
        <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as 'write' | 'preview')}>
          <TabList aria-label="Text of the article" className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
            <Tab id="write" className={TAB}>
              Write
            </Tab>
            <Tab id="preview" className={TAB}>
              Preview
            </Tab>
          </TabList>
          {/* Both panels stay mounted, so the text keeps its field error state while the preview shows. */}
          <TabPanel id="write" shouldForceMount className="pt-3 outline-none data-[inert]:hidden">
            <AriaTextField name="body" value={value.body} onChange={(body) => set({ body })} className="flex flex-col gap-1">
              <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">Text (Markdown)</Label>
              <TextArea
                rows={14}
                spellCheck
                lang="en-GB"
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm leading-relaxed data-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900"
              />
              <Text slot="description" className="text-xs text-slate-600 dark:text-slate-400">
                {PAGE_MESSAGES.kbBodyHint}
              </Text>
              <FieldError className="text-sm text-red-700 dark:text-red-400" />
            </AriaTextField>
          </TabPanel>
          <TabPanel id="preview" shouldForceMount className="pt-3 outline-none data-[inert]:hidden">
            <div className="min-h-40 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              {tab !== 'preview' ? null : value.body.trim() ? (
                <MarkdownView markdown={value.body} label="Preview" />
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.kbPreviewEmpty}</p>
              )}
            </div>
          </TabPanel>
        </Tabs>
        <div className="flex flex-wrap justify-end gap-3">
          <Button tone="secondary" onPress={cancel}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save article'}
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        open={leaving.asking}
        title={MESSAGES.leavePageTitle}
        body={MESSAGES.leavePageBody}
        confirmLabel={PAGE_MESSAGES.kbLeave}
        destructive
        onConfirm={leaving.leave}
        onCancel={leaving.stay}
      />
    </section>
  );
}
