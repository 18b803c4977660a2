// A page shown from the copy says so: the service worker writes when the page was copied into
// its <html> (the attribute the help pages read, help-copy-terms.ts), so the visitor is told
// they read a copy and of when, also where the connection claims to be up and is not.
import { offlineCopyAttribute } from '../src/features/help/copy/help-copy-terms.ts';

/** The copy's time: the `Date` Hosting answered it with, else now. */
function copiedAt(response: Response): string {
  const date = new Date(response.headers.get('Date') ?? Date.now());
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

/** The copy of a page, marked as shown from the copy (pages other than HTML pass unchanged). */
export async function markedCopy(response: Response): Promise<Response> {
  if (!(response.headers.get('Content-Type') ?? '').includes('text/html')) return response;
  const html = await response.text();
  const marked = html.replace(/<html(\s|>)/, `<html ${offlineCopyAttribute}="${copiedAt(response)}"$1`);
  return new Response(marked, { status: response.status, statusText: response.statusText, headers: response.headers });
}
