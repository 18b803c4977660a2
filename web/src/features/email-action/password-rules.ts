// The rules a new password must meet, shown before the member types and ticked as they type.
// Firebase Auth always asks for at least 6 characters; a project can enforce a stricter policy
// (Firebase console, Authentication, Settings, Password policy), which the page reads through
// the SDK and shows in full.

export type PasswordRule =
  | { id: 'minLength'; count: number }
  | { id: 'maxLength'; count: number }
  | { id: 'lowercase' }
  | { id: 'uppercase' }
  | { id: 'number' }
  | { id: 'symbol'; symbols: string };

/** The part of the SDK's PasswordPolicy the rules come from. */
export type PolicyOptions = {
  customStrengthOptions: {
    minPasswordLength?: number;
    maxPasswordLength?: number;
    containsLowercaseLetter?: boolean;
    containsUppercaseLetter?: boolean;
    containsNumericCharacter?: boolean;
    containsNonAlphanumericCharacter?: boolean;
  };
  allowedNonAlphanumericCharacters: string;
  enforcementState: string;
};

/** Firebase Auth's own minimum, enforced with or without a policy. */
export const firebaseMinLength = 6;

/** The rules of a policy, or Firebase's minimum when the project enforces none (or it is unknown). */
export function passwordRules(policy: PolicyOptions | undefined): PasswordRule[] {
  if (!policy || policy.enforcementState !== 'ENFORCE') return [{ id: 'minLength', count: firebaseMinLength }];
  const options = policy.customStrengthOptions;
  const rules: PasswordRule[] = [
    { id: 'minLength', count: Math.max(options.minPasswordLength ?? firebaseMinLength, firebaseMinLength) },
  ];
  if (options.maxPasswordLength !== undefined) rules.push({ id: 'maxLength', count: options.maxPasswordLength });
  if (options.containsLowercaseLetter) rules.push({ id: 'lowercase' });
  if (options.containsUppercaseLetter) rules.push({ id: 'uppercase' });
  if (options.containsNumericCharacter) rules.push({ id: 'number' });
  if (options.containsNonAlphanumericCharacter)
    rules.push({ id: 'symbol', symbols: policy.allowedNonAlphanumericCharacters });
  return rules;
}

/**
 * Whether `password` meets `rule`, judged as Firebase Auth judges it: length in UTF-16 units,
 * letters and digits from ASCII only, symbols from the policy's list.
 */
export function meetsRule(password: string, rule: PasswordRule): boolean {
  switch (rule.id) {
    case 'minLength':
      return password.length >= rule.count;
    case 'maxLength':
      return password.length <= rule.count;
    case 'lowercase':
      return /[a-z]/.test(password);
    case 'uppercase':
      return /[A-Z]/.test(password);
    case 'number':
      return /[0-9]/.test(password);
    case 'symbol':
      return Array.from({ length: password.length }, (_, index) => password.charAt(index)).some((unit) =>
        rule.symbols.includes(unit),
      );
  }
}
