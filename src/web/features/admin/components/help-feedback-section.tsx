import { useQuery } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { helpFeedbackQuery } from '../api/get-help-feedback';
import { SectionHeader } from './section-header';

const ARTICLE_TITLES: Record<string, string> = {
  'getting-started': 'Getting Started',
  'submitting-requests': 'Submitting Requests',
  'promotion-tiers': 'Promotion Tiers',
  'tracking-progress': 'Tracking Progress',
  'best-practices': 'Best Practices',
};

/** "Was this article helpful?" answers counted per help article. */
export function HelpFeedbackSection() {
  const feedback = useQuery(helpFeedbackQuery);
  return (
    <Card className="overflow-hidden">
      <SectionHeader
        id="help-feedback-heading"
        icon={MessageCircleQuestion}
        title="Help Feedback"
        description="How readers answered “Was this article helpful?” on each help article."
      />
      {feedback.isPending ? (
        <LoadingState />
      ) : feedback.isError ? (
        <ErrorState message="Could not load the help feedback." onRetry={() => void feedback.refetch()} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-y border-slate-200 bg-slate-50 text-xs font-medium uppercase tracking-wider text-slate-500">
              <tr>
                <th scope="col" className="px-4 sm:px-6 py-2.5">
                  Article
                </th>
                <th scope="col" className="px-4 sm:px-6 py-2.5 text-right">
                  Yes
                </th>
                <th scope="col" className="px-4 sm:px-6 py-2.5 text-right">
                  No
                </th>
                <th scope="col" className="px-4 sm:px-6 py-2.5 text-right">
                  Helpful
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {feedback.data.articles.map((row) => {
                const total = row.yes + row.no;
                return (
                  <tr key={row.article}>
                    <th scope="row" className="px-4 sm:px-6 py-3 font-medium text-slate-900">
                      <a href={`/help#${row.article}`} className="hover:text-brand-700 hover:underline">
                        {ARTICLE_TITLES[row.article] ?? row.article}
                      </a>
                    </th>
                    <td className="px-4 sm:px-6 py-3 text-right tabular-nums text-slate-700">{row.yes}</td>
                    <td className="px-4 sm:px-6 py-3 text-right tabular-nums text-slate-700">{row.no}</td>
                    <td className="px-4 sm:px-6 py-3 text-right tabular-nums text-slate-500">
                      {total === 0 ? '—' : `${Math.round((row.yes / total) * 100)}%`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
