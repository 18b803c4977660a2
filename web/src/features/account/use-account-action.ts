import { useState } from 'react';
import type { SignInMethod } from './sign-in-method';
import { accountFailureOf, type AccountFailure } from './account-failure';

/**
 * One form's work against Auth: busy while it runs, and the failure it ended with (worded by
 * accountFailureOf for the step and the way the member signs in).
 */
export function useAccountAction<Extra extends string = never>() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AccountFailure | Extra | undefined>();
  const run = async (
    work: () => Promise<void>,
    step: 'signIn' | 'confirm',
    method: SignInMethod = 'password',
  ): Promise<AccountFailure | undefined> => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
      return undefined;
    } catch (error) {
      const found = accountFailureOf(error, step, method);
      setFailure(found);
      return found;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}
