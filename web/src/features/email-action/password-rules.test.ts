import { describe, expect, it } from 'vitest';
import { firebaseMinLength, meetsRule, passwordRules, type PolicyOptions } from './password-rules';

const policy = (options: PolicyOptions['customStrengthOptions'], enforcementState = 'ENFORCE'): PolicyOptions => ({
  customStrengthOptions: options,
  allowedNonAlphanumericCharacters: '!#$%',
  enforcementState,
});

describe('passwordRules', () => {
  it('is Firebase’s minimum of 6 without a policy, or with one that is not enforced', () => {
    expect(firebaseMinLength).toBe(6);
    expect(passwordRules(undefined)).toEqual([{ id: 'minLength', count: 6 }]);
    expect(passwordRules(policy({ minPasswordLength: 12, containsNumericCharacter: true }, 'OFF'))).toEqual([
      { id: 'minLength', count: 6 },
    ]);
  });

  it('lists every rule of an enforced policy', () => {
    expect(
      passwordRules(
        policy({
          minPasswordLength: 10,
          maxPasswordLength: 64,
          containsLowercaseLetter: true,
          containsUppercaseLetter: true,
          containsNumericCharacter: true,
          containsNonAlphanumericCharacter: true,
        }),
      ),
    ).toEqual([
      { id: 'minLength', count: 10 },
      { id: 'maxLength', count: 64 },
      { id: 'lowercase' },
      { id: 'uppercase' },
      { id: 'number' },
      { id: 'symbol', symbols: '!#$%' },
    ]);
  });

  it('never asks for fewer than Firebase’s 6 characters', () => {
    expect(passwordRules(policy({ minPasswordLength: 4 }))).toEqual([{ id: 'minLength', count: 6 }]);
  });
});

describe('meetsRule', () => {
  it('counts length as Firebase does', () => {
    expect(meetsRule('12345', { id: 'minLength', count: 6 })).toBe(false);
    expect(meetsRule('123456', { id: 'minLength', count: 6 })).toBe(true);
    expect(meetsRule('1234567', { id: 'maxLength', count: 6 })).toBe(false);
  });

  it('takes letters and digits from ASCII, symbols from the policy', () => {
    expect(meetsRule('ÀÉ', { id: 'uppercase' })).toBe(false);
    expect(meetsRule('xA', { id: 'uppercase' })).toBe(true);
    expect(meetsRule('àé', { id: 'lowercase' })).toBe(false);
    expect(meetsRule('Ab', { id: 'lowercase' })).toBe(true);
    expect(meetsRule('٣', { id: 'number' })).toBe(false);
    expect(meetsRule('a3', { id: 'number' })).toBe(true);
    expect(meetsRule('a&b', { id: 'symbol', symbols: '!#' })).toBe(false);
    expect(meetsRule('a#b', { id: 'symbol', symbols: '!#' })).toBe(true);
  });
});
