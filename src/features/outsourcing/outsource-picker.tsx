import { useOutsourcingPools } from './api/pools';

interface Props {
  onOutsource: (poolId: number, poolName: string) => void;
}

/**
 * "Outsource to…": the selected dictations go to one of the trust's outsourcing pools, whose external
 * typists then see them (and nothing else). Shown by the work queue's selection bar to whoever the
 * transition table lets outsource every selected row (a Manager or SuperAdmin).
 */
export function OutsourcePicker({ onOutsource }: Props) {
  const pools = useOutsourcingPools(true);
  if (!pools.data?.length) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Outsource to a typing pool</span>
      <select
        value=""
        data-testid="outsource-to"
        onChange={(e) => {
          const pool = pools.data.find((p) => p.id === Number(e.target.value));
          if (pool) onOutsource(pool.id, pool.name);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
      >
        <option value="">Outsource to…</option>
        {pools.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
