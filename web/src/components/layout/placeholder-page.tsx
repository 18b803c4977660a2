import { PageHeader } from './page-header';

/** A page that so far has only its heading and an empty box where its content will go. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="page">
        <div className="placeholder-box" />
      </div>
    </>
  );
}
