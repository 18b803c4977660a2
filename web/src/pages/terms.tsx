import { LegalDocument } from './legal-document';

export default function TermsPage() {
  return <LegalDocument document="terms" />;
}
