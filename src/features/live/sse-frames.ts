/**
 * Splits a server-sent event stream into the data of its frames (text/event-stream: frames end with a
 * blank line; comments start with ':'). Feed it chunks as they arrive; it keeps the unfinished tail.
 */
export function createFrameReader(onData: (data: string) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = frame
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''));
      if (data.length) onData(data.join('\n'));
    }
  };
}
