import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import { apiFile } from '../../lib/api/client';

const TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } as const;

/** The name the server gives the file (`letter-<reference>.pdf`), else a plain one. */
function fileName(disposition: string | null, format: keyof typeof TYPES): string {
  const m = /filename="([A-Za-z0-9_.-]+)"/.exec(disposition ?? '');
  return m?.[1] ?? `letter.${format}`;
}

/**
 * Downloads the letter from the server (the API takes a bearer token, so a plain link cannot): the
 * server writes "Downloaded letter (PDF|DOCX)" in the audit trail. Rejects with an HttpError.
 */
export async function downloadLetter(dictationId: number, format: keyof typeof TYPES): Promise<void> {
  const path = pathOf(format === 'pdf' ? E.dictationLetterPdf : E.dictationLetterDocx, { id: dictationId });
  const { bytes, headers } = await apiFile(path, { timeout: 60_000 });
  const url = URL.createObjectURL(new Blob([bytes], { type: TYPES[format] }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(headers.get('content-disposition'), format);
  document.body.append(a);
  a.click();
  a.remove();
  // Let the browser start reading it before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
