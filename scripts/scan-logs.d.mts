export interface Known {
  passwords: string[];
  clientTexts: string[];
}
export interface Finding {
  file: string;
  line: number;
  kind: string;
}
export function isNationalId(digits: string): boolean;
export function fixturePasswords(root?: string): string[];
export function fixtureClientTexts(root?: string): string[];
export function leaksIn(line: string, known: Known): string[];
export function scanFolders(
  folders: string[],
  options?: { since?: number; known?: Known },
): { files: number; lines: number; devLinks: number; findings: Finding[] };
