/** Waits until the server at `base` answers its health check; a fresh data folder seeds the demo data first, which can take a minute on a busy machine. */
export async function waitHealthy(base: string): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not start`);
}
