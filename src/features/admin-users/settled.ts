import { useEffect, useState } from 'react';

/** What a typed search asks for once the typing pauses: one request, not one per key. */
export function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}
