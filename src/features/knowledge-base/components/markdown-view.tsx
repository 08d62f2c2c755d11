import { useRenderedMarkdown } from '../use-markdown';

/**
 * Readable type for what Markdown makes, in the app's colours. Tailwind classes rather than a stylesheet
 * of its own: a CSS file would be one more name in the entry's preload map, which the sign-in page pays for.
 */
const PROSE = [
  'leading-relaxed [overflow-wrap:anywhere] [&>*+*]:mt-3 [&>*:first-child]:mt-0',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-5 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li+li]:mt-1',
  '[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-sky-300',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em] dark:[&_code]:bg-slate-800',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-700 dark:[&_blockquote]:text-slate-300',
  '[&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse',
  '[&_td]:border [&_td]:border-slate-300 [&_td]:px-2.5 [&_td]:py-1.5 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2.5 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-semibold',
  'dark:[&_td]:border-slate-600 dark:[&_th]:border-slate-600 dark:[&_th]:bg-slate-800',
  '[&_img]:h-auto [&_img]:max-w-full [&_hr]:border-slate-200 dark:[&_hr]:border-slate-700',
].join(' ');

/** An article's text: its Markdown through the parser and the sanitiser (../markdown.ts), the only HTML this page inserts. */
export function MarkdownView({ markdown, label, testId }: { markdown: string; label?: string; testId?: string }) {
  const html = useRenderedMarkdown(markdown);
  return (
    <div
      className={PROSE}
      data-testid={testId}
      {...(label ? { role: 'region', 'aria-label': label } : {})}
      // Sanitised by DOMPurify in renderMarkdown (script, handlers, remote pictures and unsafe links removed).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
