import { useQuery } from '@tanstack/react-query';
import { allMinistriesQuery } from './ministries';

/**
 * The options of a ministry filter: "All Ministries" (value '') and every ministry, inactive ones
 * too, since older requests still name them. One shared query; a failed load leaves only "All".
 */
export function MinistryFilterOptions() {
  const { data } = useQuery(allMinistriesQuery);
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
