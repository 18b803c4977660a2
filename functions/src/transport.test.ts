import { afterEach, describe, expect, it } from 'vitest';
import type { MailConfig } from './config.js';
import { closeTransport, getTransport } from './transport.js';

// The pooled transport of an instance: built on first use (building one opens no connection),
// shared while the settings stay, replaced when they change.

const smtp: MailConfig['smtp'] = { host: '127.0.0.1', port: 2525, secure: false, user: '', password: '' };

afterEach(() => {
  closeTransport();
});

describe('getTransport', () => {
  it('gives every invocation of the instance the same pooled transport', () => {
    const first = getTransport(smtp);
    expect(getTransport({ ...smtp })).toBe(first);
    expect(first.isIdle()).toBe(true); // a pool: isIdle exists only on pooled transports
  });

  it('builds a new transport when the settings change', () => {
    const first = getTransport(smtp);
    const second = getTransport({ ...smtp, user: 'support@example.com', password: 'rotated' });
    expect(second).not.toBe(first);
    expect(getTransport({ ...smtp, user: 'support@example.com', password: 'rotated' })).toBe(second);
  });

  it('starts afresh after closeTransport', () => {
    const first = getTransport(smtp);
    closeTransport();
    expect(getTransport(smtp)).not.toBe(first);
  });
});
