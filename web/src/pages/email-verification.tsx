import { EmailAction } from '../features/email-action/email-action';

/** The spec's email verification page, and the action page of every account email. */
export default function EmailVerificationPage() {
  return <EmailAction />;
}
