/**
 * NHS number check (modulus 11): ten digits, weights 10..2 on the first nine, check digit = 11 - (sum mod 11);
 * 11 means 0, and 10 makes the number invalid. Spaces and dashes are allowed between groups.
 */
export function normaliseNhsNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isValidNhsNumber(input: string): boolean {
  const digits = normaliseNhsNumber(input);
  if (!/^\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[9]);
}

/** 943 476 5919 style, as printed on NHS letters. */
export function formatNhsNumber(input: string): string {
  const d = normaliseNhsNumber(input);
  return d.length === 10 ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : input;
}
