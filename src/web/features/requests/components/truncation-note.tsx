/** Lists are bounded on the server: say so when more rows matched than are shown. */
export function TruncationNote({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
      Showing the {shown} most recent of {total} requests. Narrow the filters to find older ones.
    </p>
  );
}
