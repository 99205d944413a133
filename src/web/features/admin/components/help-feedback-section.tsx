import { useQuery } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { DataTable } from '@web/components/ui/data-table';
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
          <DataTable
            headClassName="border-y border-slate-200 bg-slate-50 text-xs font-medium uppercase tracking-wider text-slate-500"
            headerCellClassName="px-4 sm:px-6 py-2.5"
            cellClassName="px-4 sm:px-6 py-3"
            rows={feedback.data.articles}
            rowKey={(row) => row.article}
            columns={[
              {
                key: 'article',
                header: 'Article',
                rowHeader: true,
                className: 'font-medium text-slate-900',
                cell: (row) => (
                  <a href={`/help#${row.article}`} className="hover:text-brand-700 hover:underline">
                    {ARTICLE_TITLES[row.article] ?? row.article}
                  </a>
                ),
              },
              {
                key: 'yes',
                header: 'Yes',
                headerClassName: 'text-right',
                className: 'text-right tabular-nums text-slate-700',
                cell: (row) => row.yes,
              },
              {
                key: 'no',
                header: 'No',
                headerClassName: 'text-right',
                className: 'text-right tabular-nums text-slate-700',
                cell: (row) => row.no,
              },
              {
                key: 'helpful',
                header: 'Helpful',
                headerClassName: 'text-right',
                className: 'text-right tabular-nums text-slate-500',
                cell: (row) => {
                  const total = row.yes + row.no;
                  return total === 0 ? '—' : `${Math.round((row.yes / total) * 100)}%`;
                },
              },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
