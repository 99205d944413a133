import { useQuery } from '@tanstack/react-query';
import { activeMinistriesQuery } from './ministries';

/**
 * The options of a ministry filter: "All Ministries" (value '') and every active ministry. An
 * archived ministry leaves the filters as it leaves the request form; its requests stay
 * in the lists, reached with "All Ministries". One shared query; a failed load leaves only "All".
 */
export function MinistryFilterOptions() {
  const { data } = useQuery(activeMinistriesQuery);
  return (
    <>
      <option value="">All Ministries</option>
      {(data ?? []).map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </>
  );
}
