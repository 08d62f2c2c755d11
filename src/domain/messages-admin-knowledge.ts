/** Texts of the administration's knowledge pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
export const ADMIN_KNOWLEDGE_MESSAGES = {
  // The article form's checks (the contract's, src/domain/contract/knowledge-base.ts), said under the field.
  kbTitleMissing: 'Give the article a title.',
  kbTitleTooLong: (max: number, length: number) => `The title is ${length} characters long: use at most ${max}.`,
  kbBodyMissing: 'Write the text of the article.',
  kbBodyTooLarge: (maxKb: number, kb: number) =>
    `The text is ${kb} KB: an article can hold at most ${maxKb} KB. Split it into two articles.`,
  kbHiddenCharacter: (what: string) => `The ${what} contains a hidden control character. Remove it and try again.`,
  kbTagsTooMany: (max: number) => `Use at most ${max} tags.`,
  kbTagFormat: (tag: string, max: number) =>
    `“${tag}” is not a tag: a tag is one short word of letters, digits or hyphens (at most ${max} characters).`,
  kbNothingToChange: 'Change the title, the text or the tags.',
  /** A TrustAdmin asked to write an article for every trust (403). */
  kbGlobalOnlySuperAdmin: 'Only a SuperAdmin can write articles for every trust. The articles you write are for your own trust.',

  // The page.
  kbTitle: 'Knowledge base',
  kbSearchLabel: 'Search articles',
  kbSearchHint: 'Words from the title or the text, e.g. “foot pedal”.',
  kbEmpty: 'No Data found', // spec §8: 'No {search key or Data} found'
  kbNotFound: (search: string) => `No “${search}” found`, // spec §8: 'No {search key or Data} found'
  kbEmptyHint: 'Try other words, or ask for help below.',
  kbGlobalBadge: 'All trusts',
  kbChoose: 'Choose an article to read it here.',
  kbUpdated: (when: string, by: string | null) => (by ? `Updated ${when} by ${by}` : `Updated ${when}`),
  kbNew: 'New article',
  kbSaved: (title: string) => `Saved: “${title}”.`,
  kbDeleted: (title: string) => `Deleted: “${title}”.`,
  kbDeleteTitle: (title: string) => `Delete “${title}”?`,
  kbDeleteBody: 'Everyone who could read it loses it. This cannot be undone.',
  kbFor: 'Who can read it',
  kbForEveryTrust: 'Every trust (all users)',
  kbForOwnTrust: 'Your trust only',
  kbTagsHint: 'Up to 10 short words, separated by commas.',
  kbBodyHint: 'Markdown: # heading, **bold**, *italic*, - list, [link](https://…). Pictures only from this site.',
  kbPreviewEmpty: 'Nothing to preview yet.',
  kbLeave: 'Leave without saving',
  kbImageNotShown: (alt: string) => (alt ? `[picture not shown: ${alt}]` : '[picture not shown]'),

  // Help: the site's support link and e-mail (spec §3 site.support_link, support_email).
  kbHelpTitle: 'Need more help?',
  kbHelpSite: (site: string) => `Support for ${site}:`,
  /** Spec §9: "a service-desk page when the site has neither link nor e-mail". */
  kbHelpDefault: 'Your site has not set its own support contact. The Wardnote service desk can help:',
};
