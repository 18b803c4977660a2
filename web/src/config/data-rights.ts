// How long the operator has to answer a request about personal data (GDPR art. 12(3)): one
// month from receipt, which may be extended by two further months where necessary, given the
// complexity and number of the requests, telling the person within the first month and why.
export const dataRequestExtensionMonths = 2;
