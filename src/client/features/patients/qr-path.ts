/** The dark modules of a QR code as one SVG path (a 1x1 square per module), and the side in modules. */
export function qrPath(size: number, isDark: (row: number, col: number) => boolean): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (isDark(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  return parts.join('');
}
