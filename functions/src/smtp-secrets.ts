// The names of the SMTP secrets, in a module without imports: the functions declare a secret
// parameter for each (config.ts), and the emulator scripts write a local stand-in for each to
// functions/.secret.local without loading firebase-functions.

/** Every SMTP secret, by the role it plays in the login. */
export const smtpSecretNames = {
  password: 'SMTP_PASSWORD',
  oauthClientId: 'SMTP_OAUTH_CLIENT_ID',
  oauthClientSecret: 'SMTP_OAUTH_CLIENT_SECRET',
  oauthRefreshToken: 'SMTP_OAUTH_REFRESH_TOKEN',
} as const;

export type SmtpSecretRole = keyof typeof smtpSecretNames;
export type SmtpSecretName = (typeof smtpSecretNames)[SmtpSecretRole];

/** The same names as a list (what a function that sends mail declares, in this order). */
export const allSmtpSecretNames: readonly SmtpSecretName[] = Object.values(smtpSecretNames);
