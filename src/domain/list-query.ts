/** What a work queue's address may sort and filter by (spec §9); list-columns.ts re-exports it. */
export const SORTABLE_COLUMNS = ['author', 'dictation_date', 'reference', 'department', 'document_type', 'audio_duration', 'tat'] as const;
/** How the dictation was made: recorded in the app on a phone or tablet, or on the web (recorded or uploaded). */
export const DICTATION_TYPES = ['mobile', 'web'] as const;

export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];
