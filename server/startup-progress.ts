/**
 * What the server is doing while it starts, in plain words for whoever ran `npm start` (the first start
 * creates the embedded database and seeds the demo: tens of seconds with nothing else to show). Written
 * to stderr beside the JSON log, never with patient data; silent when LOG_LEVEL is `silent` or `warn` and above.
 */
const QUIET = new Set(['silent', 'fatal', 'error', 'warn']);

export function startupProgress(logLevel: string): (line: string) => void {
  if (QUIET.has(logLevel)) return () => {};
  const started = Date.now();
  return (line) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`[wardnote ${seconds.padStart(5)} s] ${line}\n`);
  };
}
