import { useChurchConfig } from './church-config';

/**
 * The options of a tier filter: every tier of the church's configuration in its order, archived
 * ones too (their requests still exist), marked so (decision 0056).
 */
export function TierFilterOptions() {
  const { data } = useChurchConfig();
  return (
    <>
      {(data?.tiers ?? []).map((t) => (
        <option key={t.code} value={t.code}>
          {t.name}
          {t.archived ? ' (archived)' : ''}
        </option>
      ))}
    </>
  );
}
