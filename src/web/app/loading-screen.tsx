/**
 * The whole-page "Loading..." of guide/roles-and-access.md#the-route-table: shown while the app's first chunks download
 * (the router's hydrate fallback) and then while the session loads (the root layout), so the page
 * is never blank and says the same thing throughout.
 */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-600">
      Loading...
    </div>
  );
}
