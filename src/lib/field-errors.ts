/** A zod result's issues as a form's errors by field name (react-aria Form `validationErrors`), as the server sends them. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[String(i.path[0] ?? '_')] ??= []).push(i.message);
  return out;
}
