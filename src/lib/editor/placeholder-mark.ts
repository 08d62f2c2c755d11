import { Mark, mergeAttributes } from '@tiptap/core';
import { MERGE_FIELD_NAME } from '../../domain/letter-doc';

const fieldOf = (el: HTMLElement) => {
  const field = el.getAttribute('data-merge-field') ?? el.getAttribute('data-placeholder');
  return field && MERGE_FIELD_NAME.test(field) ? field : null;
};

/**
 * An unfilled merge field in a letter (`placeholder` in src/domain/letter-doc.ts): text such as "[GP name]"
 * carrying the field's name, drawn as `span.letter-placeholder[data-merge-field]`. Not inclusive, so typing
 * at its edge or over it (Tab selects it) gives plain text. Read back from `data-merge-field`, or from the
 * older `data-placeholder` that pasted letters may carry (paste-clean.ts keeps both).
 * The one mark of the letter schema (src/features/letter-editor/letter-schema.ts) and of the autotext
 * extension, which brings it for editors built without the letter schema.
 */
export const PlaceholderMark = Mark.create({
  name: 'placeholder',
  inclusive: false,

  addAttributes() {
    return {
      field: {
        default: null,
        parseHTML: fieldOf,
        renderHTML: (attrs: { field?: string | null }) => ({ 'data-merge-field': attrs.field ?? '' }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-merge-field]' }, { tag: 'span[data-placeholder]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: 'letter-placeholder' }), 0];
  },
});
