import { useState } from 'react';
import { Plus } from 'lucide-react';
import { MAX_TEMPLATE_HEADINGS } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { GroupError } from './form-controls';
import { emptyHeading, type HeadingDraft } from './form-state';
import { OrderButtons } from './order-buttons';
import { CARD, ERROR_TEXT, HINT, INPUT } from './styles';

/**
 * The letter template (issue 25): the section headings, in order, that a typist's letter of this type
 * starts with. Add, reorder, remove. `errors` are by full path ("template.2").
 */
export function TemplateEditor({
  headings,
  onChange,
  errors,
}: {
  headings: HeadingDraft[];
  onChange: (headings: HeadingDraft[]) => void;
  errors: Record<string, string[]>;
}) {
  const set = (i: number, text: string) => onChange(headings.map((h, j) => (j === i ? { ...h, text } : h)));
  // A heading just added takes the focus, ready to type.
  const [added, setAdded] = useState<string | null>(null);
  function add() {
    const heading = emptyHeading();
    setAdded(heading.key);
    onChange([...headings, heading]);
  }
  return (
    <fieldset className={CARD}>
      <legend className="px-1 text-lg font-semibold">Letter template</legend>
      <p className={HINT}>The headings the typist’s letter starts with, in this order.</p>
      <GroupError id="template-error" error={errors.template?.[0]} />
      {headings.length === 0 && <p className={`mt-3 ${HINT}`}>{PAGE_MESSAGES.jobTypeNoHeadings}</p>}
      <ol className="mt-3 flex flex-col gap-2" aria-label="Template headings">
        {headings.map((h, i) => {
          const error = errors[`template.${i}`]?.[0];
          const label = `Heading ${i + 1}`;
          const name = h.text.trim() || label;
          return (
            <li key={h.key} className="flex flex-col gap-1">
              <div className="flex items-center gap-1">
                <span aria-hidden className="w-6 shrink-0 text-right text-sm text-slate-600 dark:text-slate-400">
                  {i + 1}.
                </span>
                <input
                  id={`heading-${h.key}`}
                  aria-label={label}
                  autoFocus={h.key === added}
                  className={INPUT}
                  value={h.text}
                  onChange={(e) => set(i, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `heading-${h.key}-error` : undefined}
                />
                <OrderButtons items={headings} index={i} name={name} onChange={onChange} />
              </div>
              {error && (
                <span id={`heading-${h.key}-error`} className={`ml-7 ${ERROR_TEXT}`}>
                  {error}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <Button tone="secondary" className="mt-3" isDisabled={headings.length >= MAX_TEMPLATE_HEADINGS} onPress={add}>
        <Plus aria-hidden className="size-4" /> Add heading
      </Button>
    </fieldset>
  );
}
