import { countryNames, databaseRegion, processors, type ProcessorId } from '../../config/processors';
import { useLegalTexts } from '../../locales/legal';
import { useLanguage } from '../../locales/language';

/**
 * The privacy policy's processors (config/processors.ts): each company, what it does for the
 * service, where, and how a transfer outside the European Economic Area is safeguarded.
 */
export function ProcessorList() {
  const { t } = useLegalTexts('privacy');
  const language = useLanguage();
  return (
    <ul className="legal__processors">
      {(Object.keys(processors) as ProcessorId[]).map((id) => {
        const processor = processors[id];
        return (
          <li key={id}>
            <strong>{processor.company}</strong>: {t(`privacy.processors.what.${id}`, { region: databaseRegion.id })},{' '}
            {t('privacy.processors.where', { countries: countryNames(processor.countries, language) })}.{' '}
            {t(`privacy.processors.safeguards.${processor.safeguard}`)}
          </li>
        );
      })}
    </ul>
  );
}
