/** Sample rate of edited recordings: plenty for speech, and a tenth of CD-quality size. */
export const EDIT_SAMPLE_RATE = 16_000;

/** Decodes any recording the browser can play into mono samples at EDIT_SAMPLE_RATE. */
export async function decodeToMono(blob: Blob): Promise<Float32Array> {
  const ctx = new AudioContext();
  try {
    const decoded = await ctx.decodeAudioData(await blob.arrayBuffer());
    const length = Math.ceil(decoded.duration * EDIT_SAMPLE_RATE);
    const offline = new OfflineAudioContext(1, Math.max(1, length), EDIT_SAMPLE_RATE);
    const source = offline.createBufferSource();
    source.buffer = decoded;
    source.connect(offline.destination);
    source.start();
    return (await offline.startRendering()).getChannelData(0);
  } finally {
    void ctx.close();
  }
}
