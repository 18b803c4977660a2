import { describe, expect, it, vi } from 'vitest';
import { buildContactMessage } from '@contracts/contact-message';
import { WriteRefused } from '../../../firebase/rest-create';
import { deliver, type WriteMail } from './deliver';
import type { KeptMessage } from './outbox-store';

// One attempt to hand a kept message to the database, with the write stubbed: which answers
// store it, which refuse it, which leave it kept for the next attempt, and the id it goes under.

const fields = { name: 'Ann', email: 'ann@example.org', subject: 'Sign-in', message: 'It fails.', language: 'en' };
const kept = (notice?: string): KeptMessage => ({
  id: 'Q2x9LmTz81KpRw3vBn0c',
  message: buildContactMessage({ ...fields, ...(notice ? { notice } : {}) }),
  picture: new Uint8Array([1, 2, 3]),
  savedAt: 0,
});

describe('delivering a kept message', () => {
  it('is stored once it is created, or found there from an earlier attempt, always under the phone’s id', async () => {
    for (const outcome of ['created', 'existed'] as const) {
      const write = vi.fn<WriteMail>().mockResolvedValue(outcome);
      expect(await deliver(kept(), write)).toBe('stored');
      expect(write).toHaveBeenCalledTimes(1);
      expect(write.mock.calls[0]?.slice(0, 3)).toEqual(['Q2x9LmTz81KpRw3vBn0c', kept().message, kept().picture]);
    }
  });

  it('goes again without a notice the rules no longer take, under the same id, with its picture', async () => {
    const write = vi.fn<WriteMail>().mockRejectedValueOnce(new WriteRefused(403)).mockResolvedValueOnce('existed');
    expect(await deliver(kept('Nt0000000000000000aa'), write)).toBe('stored');
    expect(write).toHaveBeenCalledTimes(2);
    expect(write.mock.calls[1]?.slice(0, 3)).toEqual(['Q2x9LmTz81KpRw3vBn0c', kept().message, kept().picture]);
  });

  it('is refused when the rules refuse it as it is, without a notice too', async () => {
    const write = vi.fn<WriteMail>().mockRejectedValue(new WriteRefused(403));
    expect(await deliver(kept(), write)).toBe('refused');
    expect(write).toHaveBeenCalledTimes(1);
    expect(await deliver(kept('Nt0000000000000000aa'), write)).toBe('refused');
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('rejects, so the message stays kept, when no answer came: offline, unavailable, or past the time-out', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(deliver(kept(), vi.fn<WriteMail>().mockRejectedValue(offline))).rejects.toBe(offline);
    const unavailable = new Error('Firestore did not store the document (503)');
    await expect(deliver(kept(), vi.fn<WriteMail>().mockRejectedValue(unavailable))).rejects.toBe(unavailable);
    const hanging: WriteMail = (_id, _message, _picture, signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    await expect(deliver(kept(), hanging, 20)).rejects.toThrow('No answer from the database within 0.02 s');
  });
});
