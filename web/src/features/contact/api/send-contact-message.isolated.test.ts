import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildContactMessage } from '@contracts/contact-message';
import { addMail } from './write-mail';
import { sendContactMessage } from './send-contact-message';

// The send step with the database's write stubbed: a message that names a known problem the
// rules no longer take (the page held it past the grace) still goes, without the notice.

vi.mock('./write-mail', () => ({ addMail: vi.fn() }));
const write = vi.mocked(addMail);

const fields = { name: 'Ann', email: 'ann@example.org', subject: 'Sign-in', message: 'It fails.', language: 'en' };
const naming = buildContactMessage({ ...fields, notice: 'Q2x9LmTz81KpRw3vBn0c' });
const refusal = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });

afterEach(() => {
  write.mockReset();
});

describe('sending a message that names a known problem', () => {
  it('writes it once, naming the notice, when the rules take it', async () => {
    write.mockResolvedValue('mail-1');
    expect(await sendContactMessage(naming)).toBe('mail-1');
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0]?.[0].notice).toBe('Q2x9LmTz81KpRw3vBn0c');
  });

  it('writes it again without the notice when the rules refuse it, with its picture', async () => {
    write.mockRejectedValueOnce(refusal).mockResolvedValueOnce('mail-2');
    const picture = new Uint8Array([1, 2, 3]);
    expect(await sendContactMessage(naming, picture)).toBe('mail-2');
    expect(write).toHaveBeenCalledTimes(2);
    expect(write.mock.calls[1]?.[0]).toEqual(buildContactMessage(fields));
    expect(write.mock.calls[1]?.[1]).toBe(picture);
  });

  it('does not write again a message without a notice, nor after another failure', async () => {
    write.mockRejectedValue(refusal);
    await expect(sendContactMessage(buildContactMessage(fields))).rejects.toBe(refusal);
    const unavailable = Object.assign(new Error('unavailable'), { code: 'unavailable' });
    write.mockReset().mockRejectedValue(unavailable);
    await expect(sendContactMessage(naming)).rejects.toBe(unavailable);
    expect(write).toHaveBeenCalledTimes(1);
  });
});
