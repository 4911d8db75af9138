import { describe, expect, it } from 'vitest';
import { chooseLogFormat } from '../../src/server/log-format';
import { prettyLine, prettyStream } from '../../src/server/log-pretty';
import { createTestApp } from './support/test-app';

const TIME = Date.UTC(2026, 10, 23, 9, 5, 7, 42);

describe('server log format', () => {
  it.each([
    ['development', true, 'pretty'],
    ['test', true, 'pretty'],
    ['development', false, 'json'],
    ['development', undefined, 'json'],
    ['production', true, 'json'],
    ['production', false, 'json'],
  ] as const)('NODE_ENV=%s, output a terminal: %s -> %s', (nodeEnv, isTTY, format) => {
    expect(chooseLogFormat(nodeEnv, isTTY)).toBe(format);
  });

  it('writes a request as one line a person reads (pino-pretty): time, level, request id, method, URL, status, time', () => {
    const incoming = {
      level: 30,
      time: TIME,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'incoming request',
    };
    expect(
      prettyLine(
        JSON.stringify({ ...incoming, req: { method: 'GET', url: '/api/x', remoteAddress: '::1' } }),
      ),
    ).toBe('[09:05:07.042] INFO: [req-1] GET /api/x incoming request');
    expect(
      prettyLine(
        JSON.stringify({
          ...incoming,
          res: { statusCode: 204 },
          responseTime: 3.14,
          msg: 'request completed',
        }),
      ),
    ).toBe('[09:05:07.042] INFO: [req-1] 204 3.1ms request completed');
  });

  it('adds the other fields on the line as JSON and an error stack indented below', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 40,
        time: TIME,
        msg: 'database unavailable',
        others: 3,
        code: 'SERVICE UNAVAILABLE',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    const [first, ...below] = line.split('\n');
    expect(first).toBe('[09:05:07.042] WARN: database unavailable {"others":3,"code":"SERVICE UNAVAILABLE"}');
    expect(below.join('\n')).toMatch(/^ {4}err: \{\n[\s\S]*Error: boom\n\s+at x/);
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain text\n')).toBe('plain text');
  });

  it("formats the app's own log, secrets still redacted", async () => {
    const written: string[] = [];
    const t = await createTestApp({
      logger: { level: 'info', stream: prettyStream({ write: (s: string) => written.push(s) }) as never },
    });
    try {
      await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=secret-token-value' });
    } finally {
      await t.close();
    }
    const lines = written.join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    expect(
      lines.some((l) => /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-\w+\] GET \/api\/auth\/verify-email/.test(l)),
    ).toBe(true);
    for (const l of lines) {
      expect(l.startsWith('{')).toBe(false);
      expect(l).not.toContain('secret-token-value');
      // no terminal colours in a stream that is not the terminal
      expect(l).not.toContain('\u001b[');
    }
  });
});
