/**
 * Planner settings of every connection the app reads through (decision 0039). Memoize sizes its
 * cache from the planner's estimate of distinct keys over the whole table, not from the page's
 * LIMIT, so a bounded page paid for allocating and zeroing up to hash_mem on each call: on the 100k
 * church the board's statement took 12.3 ms with it and 7.0 ms without, All Tasks 6.9 and 2.1 ms.
 * Every list here probes at most a few hundred rows by primary key, which needs no cache.
 */
/**
 * JIT compilation is off too: PostgreSQL compiles a plan whose estimate passes
 * jit_above_cost on EVERY execution, and the named statements (decision 0040) may keep a generic
 * plan whose estimate is far above the custom plans' (the calendar's: 131k). On the 100k church a
 * forced generic calendar plan spent 50 ms compiling for 6 ms of execution. No read here runs long
 * enough for compiled expressions to pay back.
 */
export const PLANNER_SETTINGS = { enable_memoize: 'off', jit: 'off' } as const;

/** PLANNER_SETTINGS as a connection's startup `options` ('-c name=value ...'). */
export const plannerOptions = () =>
  Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/**
 * The startup option of the connections that run statements on their generic plan (decision 0076):
 * PostgreSQL plans such a statement once per connection instead of on every call.
 */
export const GENERIC_PLAN_OPTION = '-c plan_cache_mode=force_generic_plan';

/** A generic-plan connection's startup `options`: the planner settings, then GENERIC_PLAN_OPTION. */
export const genericPlanOptions = () => `${plannerOptions()} ${GENERIC_PLAN_OPTION}`;
