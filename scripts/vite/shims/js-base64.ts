/** What tus-js-client uses `js-base64` for (scripts/vite/lean-libraries.ts): standard base64 of a string's UTF-8 bytes. */
export const Base64 = {
  encode(text: string): string {
    let binary = '';
    for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary);
  },
};
