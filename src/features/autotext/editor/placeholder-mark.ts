import { Mark, mergeAttributes } from '@tiptap/core';
import { MERGE_FIELD_NAME } from '../../../domain/letter-doc';

const fieldOf = (el: HTMLElement) => {
  const field = el.getAttribute('data-merge-field') ?? el.getAttribute('data-placeholder');
  return field && MERGE_FIELD_NAME.test(field) ? field : null;
};

/**
 * An unfilled merge field in a letter: text such as "[GP name]" carrying the field's name. Not
 * inclusive, so typing at its edge or over it (Tab selects it) gives plain text. The same mark as the
 * letter editor's (src/features/letter-editor/letter-schema.ts, which this one replaces when the
 * autotext extension is added): `placeholder` with `field`, drawn as `span.letter-placeholder[data-merge-field]`.
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
