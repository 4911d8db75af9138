/** A random Turkish national ID that passes the checksum (accounts must not share one). */
export function randomNationalId(): string {
  const digits = [
    1 + Math.floor(Math.random() * 9),
    ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)),
  ];
  const odd = digits[0]! + digits[2]! + digits[4]! + digits[6]! + digits[8]!;
  const even = digits[1]! + digits[3]! + digits[5]! + digits[7]!;
  const tenth = (((7 * odd - even) % 10) + 10) % 10;
  digits.push(tenth);
  digits.push(digits.reduce((sum, d) => sum + d, 0) % 10);
  return digits.join('');
}
