/**
 * Finds code that needs `unsafe-eval` (or ships Ajv's schema compiler) in built JavaScript: the production
 * bundle must run under a Content-Security-Policy without `unsafe-eval`.
 */

const UNSAFE: { name: string; pattern: RegExp }[] = [
  { name: 'new Function()', pattern: /\bnew\s+Function\s*\(/ },
  { name: 'Function() constructor call', pattern: /(?<![.\w$]|new\s+)Function\s*\(\s*["'`]/ },
  { name: 'eval()', pattern: /(?<![.\w$])eval\s*\(/ },
  { name: "Ajv's compiler", pattern: /schema with key or id "|strict mode: |CodeGen: not in block/ },
];

export interface UnsafeFinding {
  file: string;
  rule: string;
  excerpt: string;
}

/** Every place in the given files (name -> source) that would need `unsafe-eval`. */
export function findUnsafeCode(files: Record<string, string>): UnsafeFinding[] {
  const findings: UnsafeFinding[] = [];
  for (const [file, source] of Object.entries(files)) {
    for (const { name, pattern } of UNSAFE) {
      const match = pattern.exec(source);
      if (match) {
        const at = match.index;
        findings.push({ file, rule: name, excerpt: source.slice(Math.max(0, at - 60), at + 60) });
      }
    }
  }
  return findings;
}
