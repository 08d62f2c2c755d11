/** Spec §5: dictation upload accepts dss, ds2, wma, wav, mp3, m4a, in either letter case. */
export const UPLOAD_EXTENSIONS = ['dss', 'ds2', 'wma', 'wav', 'mp3', 'm4a'] as const;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedUploadFile(name: string): boolean {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function uploadRefusal(name: string): string | null {
  return isAcceptedUploadFile(name)
    ? null
    : `“${name}” cannot be uploaded: only ${UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')} dictation files are accepted.`;
}
