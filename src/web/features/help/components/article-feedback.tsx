import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { HelpArticleId } from '@shared/domain/landing';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { useSendFeedback } from '../api/send-feedback';

const THANKS = {
  yes: "We're glad this article was helpful.",
  no: "We'll use your feedback to improve our articles.",
};

/** "Was this article helpful?" with Yes / No (guide/roles-and-access.md#public-pages); one vote per article per visit. */
export function ArticleFeedback({ article }: { article: HelpArticleId }) {
  const send = useSendFeedback();
  const [voted, setVoted] = useState(false);
  const vote = (helpful: boolean) =>
    send.mutate(
      { article, helpful },
      {
        onSuccess: () => {
          setVoted(true);
          toast({ title: 'Thank you for your feedback!', description: helpful ? THANKS.yes : THANKS.no });
        },
        onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
      },
    );
  const disabled = voted || send.isPending;
  return (
    <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
      <p className="text-sm font-medium text-slate-700">Was this article helpful?</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => vote(true)} disabled={disabled}>
          <ThumbsUp className="h-4 w-4" aria-hidden />
          Yes
        </Button>
        <Button variant="outline" size="sm" onClick={() => vote(false)} disabled={disabled}>
          <ThumbsDown className="h-4 w-4" aria-hidden />
          No
        </Button>
      </div>
    </div>
  );
}
