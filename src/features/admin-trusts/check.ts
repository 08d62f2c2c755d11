/** Checks a form's input with the shared schema, keeping each error under its whole dotted path (`site.name`), as the server does. */
interface Schema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export function problemsOf(schema: Schema, input: unknown): Record<string, string[]> | null {
  const checked = schema.safeParse(input);
  if (checked.success) return null;
  const out: Record<string, string[]> = {};
  for (const i of checked.error.issues) (out[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
  return out;
}
