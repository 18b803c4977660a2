import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';

// The README is the front door: every manual in docs/ is one click from it, and every link
// between the documents (README.md, ARCHITECTURE.md, docs/*.md) reaches a file that exists and,
// where it names a section, a heading that the file has. A section renamed or moved breaks no
// reader's path without a test failing.

/** The documents, relative to the root. */
function documents(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md'));
  return ['README.md', 'ARCHITECTURE.md', ...docs.map((file) => `docs/${file}`)];
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped but hyphens, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (fenced code aside). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (heading?.[1] !== undefined) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** The local targets of a Markdown text's links: `[words](path#anchor)`, web addresses aside. */
function localLinks(markdown: string): { path: string; anchor: string | undefined }[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].flatMap((match) => {
    const target = match[1] ?? '';
    if (/^[a-z]+:/i.test(target)) return [];
    const [path = '', anchor] = target.split('#');
    return [{ path, anchor }];
  });
}

describe('the links between the documents', () => {
  it('makes anchors as GitHub does', () => {
    expect(anchorOf("Deploying into the app's project")).toBe('deploying-into-the-apps-project');
    expect(anchorOf('What happens to a message (`delivery`)')).toBe('what-happens-to-a-message-delivery');
    expect(anchorOf('emulator-data/')).toBe('emulator-data');
    expect([...anchorsOf('# One\n```\n# not a heading\n```\n## Two, three')]).toEqual(['one', 'two-three']);
    expect(localLinks('[a](docs/x.md#y) [b](https://example.com) [c](#z)')).toEqual([
      { path: 'docs/x.md', anchor: 'y' },
      { path: '', anchor: 'z' },
    ]);
  });

  it.each(documents())('%s links only to files and sections that exist', (document) => {
    const broken = localLinks(readFileSync(join(root, document), 'utf8')).filter(({ path, anchor }) => {
      const target = path === '' ? join(root, document) : join(root, dirname(document), path);
      if (!existsSync(target)) return true;
      return anchor !== undefined && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('the README links every manual in docs/', () => {
    const linked = new Set(localLinks(readFileSync(join(root, 'README.md'), 'utf8')).map(({ path }) => path));
    const manuals = documents()
      .filter((document) => document.startsWith('docs/'))
      .map((document) => relative(root, join(root, document)));
    expect(manuals.filter((manual) => !linked.has(manual))).toEqual([]);
  });
});
