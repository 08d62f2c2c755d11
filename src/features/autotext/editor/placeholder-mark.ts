import { Mark, mergeAttributes } from '@tiptap/core';

/**
 * An unfilled merge field in a letter: text such as "[GP name]" carrying the field's name. Not
 * inclusive, so typing at its edge or over it (Tab selects it) gives plain text. The letter schema on
 * the server allows a mark named `placeholder` with the attribute `field`.
 */
export const PlaceholderMark = Mark.create({
  name: 'placeholder',
  inclusive: false,

  addAttributes() {
    return {
      field: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-placeholder'),
        renderHTML: (attrs: { field?: string | null }) => ({ 'data-placeholder': attrs.field ?? '' }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-placeholder]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, {
        class:
          'autotext-placeholder rounded bg-amber-100 px-0.5 text-amber-950 ring-1 ring-amber-400 dark:bg-amber-900/50 dark:text-amber-50',
        title: 'Unfilled field: press Tab to select it, then type',
      }),
      0,
    ];
  },
});
