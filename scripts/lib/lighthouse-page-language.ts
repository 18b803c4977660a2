// A Lighthouse gatherer and audit that record the language and title the page ends up with
// (`<html lang>` and `document.title` after the app has run), so a run that was meant to be
// Italian can be checked to really be Italian.
import { Audit, Gatherer } from 'lighthouse';

export type PageLanguage = { lang: string; title: string };

// Runs in the page (Lighthouse sends its source), hence no DOM types in this Node project.
function readPageLanguage(): PageLanguage {
  const page = (globalThis as unknown as { document: { documentElement: { lang: string }; title: string } }).document;
  return { lang: page.documentElement.lang, title: page.title };
}

export class PageLanguageGatherer extends Gatherer {
  override meta: Gatherer['meta'] = { supportedModes: ['navigation', 'snapshot'] };

  override getArtifact(context: Parameters<Gatherer['getArtifact']>[0]): ReturnType<Gatherer['getArtifact']> {
    const found = context.driver.executionContext.evaluate(readPageLanguage, { args: [], useIsolation: true });
    return found as unknown as ReturnType<Gatherer['getArtifact']>;
  }
}

type AuditMeta = typeof Audit.meta;

export class PageLanguageAudit extends Audit {
  static override get meta(): AuditMeta {
    return {
      id: 'page-language',
      title: 'Language of the rendered page',
      description: 'The `<html lang>` and document title after the app has run.',
      scoreDisplayMode: 'informative',
      requiredArtifacts: ['PageLanguage' as AuditMeta['requiredArtifacts'][number]],
    };
  }

  static override audit(artifacts: Parameters<typeof Audit.audit>[0]) {
    const found = (artifacts as unknown as { PageLanguage: PageLanguage }).PageLanguage;
    return {
      score: null,
      displayValue: `lang="${found.lang}"`,
      details: { type: 'debugdata' as const, ...found },
    };
  }
}
