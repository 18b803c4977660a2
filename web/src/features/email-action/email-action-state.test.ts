import { describe, expect, it } from 'vitest';
import type { ActionLink } from './action-link';
import { initialView, next, takenFrom, type Event, type Step, type View } from './email-action-state';
import type { PasswordRule } from './password-rules';

const verifyLink: ActionLink = { kind: 'action', mode: 'verifyEmail', code: 'code-1' };
const rules: PasswordRule[] = [{ id: 'minLength', count: 8 }];

/** The view after each event in turn, from the prerendered page's. */
const run = (...events: Event[]): View => events.reduce(next, initialView);

describe('the email action page’s views', () => {
  it('start where the prerendered page is, checking', () => {
    expect(initialView).toEqual({ step: 'checking' });
  });

  it('verify an address once the page is shown', () => {
    const read = run({ type: 'read', link: verifyLink });
    expect(read).toEqual({ step: 'checking' });
    const verifying = next(read, { type: 'verifying' });
    expect(verifying).toEqual({ step: 'verifying' });
    expect(next(verifying, { type: 'verified' })).toEqual({ step: 'verified' });
  });

  it('show the verified page for the app’s continue address, and a broken link as invalid', () => {
    expect(run({ type: 'read', link: { kind: 'none' } })).toEqual({ step: 'verified' });
    expect(run({ type: 'read', link: { kind: 'broken' } })).toEqual({ step: 'failed', failure: 'invalid' });
  });

  it('ask for a new password, then say it is saved', () => {
    const asked = run(
      { type: 'read', link: { ...verifyLink, mode: 'resetPassword' } },
      { type: 'resetAsked', email: 'a@example.com', rules },
    );
    expect(asked).toEqual({ step: 'resetForm', email: 'a@example.com', rules });
    expect(next(asked, { type: 'resetSaved' })).toEqual({ step: 'resetDone' });
  });

  it('ask before restoring an address, then say which address is back', () => {
    const asked = run(
      { type: 'read', link: { ...verifyLink, mode: 'recoverEmail' } },
      { type: 'recoverAsked', email: 'old@example.com', previousEmail: 'new@example.com' },
    );
    expect(asked).toEqual({ step: 'recoverAsk', email: 'old@example.com', previousEmail: 'new@example.com' });
    expect(next(asked, { type: 'recovered' })).toEqual({ step: 'recovered', email: 'old@example.com' });
  });

  it('say a code this browser used already was used', () => {
    expect(run({ type: 'read', link: verifyLink }, { type: 'used' })).toEqual({ step: 'failed', failure: 'used' });
  });

  it('end what was under way on a failure, and keep what was done', () => {
    const failed = { type: 'failed', failure: 'network' } as const;
    for (const view of [
      { step: 'checking' },
      { step: 'verifying' },
      { step: 'resetForm', email: 'a@example.com', rules },
      { step: 'recoverAsk', email: 'a@example.com', previousEmail: undefined },
    ] satisfies View[])
      expect(next(view, failed), view.step).toEqual({ step: 'failed', failure: 'network' });
    for (const view of [
      { step: 'verified' },
      { step: 'resetDone' },
      { step: 'recovered', email: 'a@example.com' },
      { step: 'failed', failure: 'expired' },
    ] satisfies View[])
      expect(next(view, failed), view.step).toEqual(view);
  });

  it('try again after a failure that allows it, and only then', () => {
    expect(next({ step: 'failed', failure: 'network' }, { type: 'retry' })).toEqual({ step: 'checking' });
    expect(next({ step: 'failed', failure: 'tooManyRequests' }, { type: 'retry' })).toEqual({ step: 'checking' });
    expect(next({ step: 'failed', failure: 'expired' }, { type: 'retry' })).toEqual({
      step: 'failed',
      failure: 'expired',
    });
    expect(next({ step: 'verified' }, { type: 'retry' })).toEqual({ step: 'verified' });
  });

  it('take no late answer: an answer for another step changes nothing', () => {
    const answers: Event[] = [
      { type: 'read', link: { kind: 'none' } },
      { type: 'used' },
      { type: 'verifying' },
      { type: 'verified' },
      { type: 'resetAsked', email: 'a@example.com', rules },
      { type: 'resetSaved' },
      { type: 'recoverAsked', email: 'a@example.com', previousEmail: undefined },
      { type: 'recovered' },
    ];
    // Each answer is taken in the steps the module lists (the scenarios above show each one
    // taken), the link's reading only while checking.
    const from = (type: Event['type']): readonly Step[] =>
      type === 'read' ? ['checking'] : type === 'failed' ? [] : takenFrom[type];
    const views: View[] = [
      { step: 'checking' },
      { step: 'verifying' },
      { step: 'verified' },
      { step: 'resetForm', email: 'b@example.com', rules },
      { step: 'resetDone' },
      { step: 'recoverAsk', email: 'b@example.com', previousEmail: undefined },
      { step: 'recovered', email: 'b@example.com' },
      { step: 'failed', failure: 'unknown' },
    ];
    for (const view of views)
      for (const answer of answers) {
        const after = next(view, answer);
        if (from(answer.type).includes(view.step)) expect(after, `${view.step} + ${answer.type}`).not.toEqual(view);
        else expect(after, `${view.step} + ${answer.type}`).toBe(view);
      }
  });
});
