import { afterEach, describe, expect, it, vi } from 'vitest';

// What the functions write to the log, read as Cloud Logging would: the logger's JSON lines.
// The logger keeps the console's methods as they are when it loads, so the lines are caught
// before it is imported.
const lines: Array<{ stream: string; entry: Record<string, unknown> }> = [];
for (const stream of ['info', 'warn', 'error'] as const) {
  vi.spyOn(console, stream).mockImplementation((line: unknown) => {
    lines.push({ stream, entry: JSON.parse(String(line)) as Record<string, unknown> });
  });
}
const { errorCodes, eventEntry, forbiddenFields, logAlertEntry, logEvent, logEvents } = await import('./log.js');

afterEach(() => {
  lines.length = 0;
});

describe('the functions’ log', () => {
  it('writes an event with its words, its severity and its fields', () => {
    logEvent('delivered', { mailId: 'm1', state: 'SUCCESS', attempts: 1 });
    expect(lines).toEqual([
      {
        stream: 'info',
        entry: { severity: 'INFO', message: 'Mail delivered', mailId: 'm1', state: 'SUCCESS', attempts: 1 },
      },
    ]);
    logEvent('failed', { mailId: 'm2' });
    // An error is written with a stack, for Error Reporting; its first line is the event's words.
    expect(lines[1]).toMatchObject({
      stream: 'error',
      entry: { severity: 'ERROR', message: expect.stringMatching(/^(Error: )?Mail delivery failed(\n|$)/) as unknown },
    });
  });

  it('never writes what a visitor or member wrote, nor who they are', () => {
    logEvent('notClaimed', { mailId: 'm1', email: 'angler@example.org', message: 'my words', subject: 'hi' });
    const { entry } = lines[0] ?? { entry: {} };
    expect(JSON.stringify(entry)).not.toMatch(/angler|my words|"hi"/);
    expect(entry).toMatchObject({ mailId: 'm1', droppedFields: ['email', 'message', 'subject'] });
    logAlertEntry('error', 'Support mail alert: x', { alert: 'support-mail', to: 'team@example.org' });
    expect(JSON.stringify(lines[1]?.entry)).not.toContain('team@example.org');
    expect(forbiddenFields).toEqual(expect.arrayContaining(['email', 'replyTo', 'name', 'message', 'subject']));
  });

  it('gives every event words of its own', () => {
    const words = logEvents.map((event) => eventEntry(event).words);
    expect(words.length).toBeGreaterThan(30);
    expect(new Set(words).size).toBe(words.length);
  });

  it('says of an unexpected error its kind and code, never its message', () => {
    const error = Object.assign(new TypeError('document of angler@example.org'), { code: 9 });
    expect(errorCodes(error)).toEqual({ error: 'TypeError', code: 9 });
    expect(errorCodes('plain')).toEqual({ error: 'string', code: null });
  });
});
