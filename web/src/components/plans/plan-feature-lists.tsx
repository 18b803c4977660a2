import { featureDays, freeFeatureIds, proFeatureIds, type PlanFeatureId } from '../../config/plan-features';
import { usePlanTexts } from '../../locales/plans';

/** What the free plan has and what Pro adds, from config/plan-features.ts (the terms' plans section). */
export function PlanFeatureLists() {
  const { t } = usePlanTexts();
  const list = (ids: readonly PlanFeatureId[]) => (
    <ul>
      {ids.map((id) => (
        <li key={id}>{t(`features.${id}`, { days: featureDays(id) })}</li>
      ))}
    </ul>
  );
  return (
    <>
      <p>{t('freeHas')}</p>
      {list(freeFeatureIds)}
      <p>{t('proAdds')}</p>
      {list(proFeatureIds)}
    </>
  );
}
