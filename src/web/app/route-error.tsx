/** An unexpected router failure (guide/roles-and-access.md#the-route-table). */
export function RouteError() {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <a href="/" className="text-brand-600 underline">
        Back to Home
      </a>
    </div>
  );
}
