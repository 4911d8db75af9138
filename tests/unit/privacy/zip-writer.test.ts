import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../../../src/server/privacy/zip-writer';
import { readZip } from '../../server/support/read-zip';

describe('writeZip', () => {
  const entries = [
    { path: 'summary.html', data: '<h1>Verileriniz: Ayşe Yılmaz, ğüşıöç</h1>' },
    { path: 'data/empty.json', data: '' },
    { path: 'files/1-photo.png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]) },
  ];

  it('writes every entry with its UTF-8 name and exact bytes', () => {
    const files = readZip(writeZip(entries));
    expect([...files.keys()]).toEqual(entries.map((e) => e.path));
    expect(files.get('summary.html')!.toString('utf8')).toBe(entries[0]!.data);
    expect(files.get('data/empty.json')!.length).toBe(0);
    expect([...files.get('files/1-photo.png')!]).toEqual([...(entries[2]!.data as Uint8Array)]);
  });

  it('is an archive Python’s zipfile accepts (a reader that is not ours)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
    try {
      const file = path.join(dir, 'a.zip');
      writeFileSync(file, writeZip(entries));
      const listed = execFileSync('python3', [
        '-c',
        'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print("\\n".join(z.namelist()))',
        file,
      ]).toString();
      expect(listed.trim().split('\n')).toEqual(entries.map((e) => e.path));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // starting Python takes a few seconds on a busy machine
  }, 30_000);
});
