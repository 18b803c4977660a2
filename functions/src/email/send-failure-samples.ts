// Test data, not part of the upload (tsconfig.build.json leaves out *-samples.ts): a send's
// failure as classifySendError reports it, written once for the tests that need one.
import type { SendFailure } from './send-failures.js';

/** A failure of the message itself that trying again will not mend (550), with `fields` changed. */
export const sendFailure = (fields: Partial<SendFailure> = {}): SendFailure => ({
  transient: false,
  quota: false,
  account: false,
  stage: 'message',
  unanswered: false,
  busy: false,
  message: '550 No such user',
  code: 'EMESSAGE',
  responseCode: 550,
  ...fields,
});
