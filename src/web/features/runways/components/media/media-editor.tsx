import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { SUNDAY_MEDIA_MESSAGES as M } from '@shared/api/sunday-media';
import { Button } from '@web/components/ui/button';
import { longDate } from './post-time';
import { SlidesTab } from './slides-tab';
import { SocialTab } from './social-tab';
import { VideosTab } from './videos-tab';

export type MediaTab = 'videos' | 'slides' | 'social';

const TAB_LABELS: Record<MediaTab, string> = {
  videos: M.videosTitle,
  slides: M.slidesTitle,
  social: 'Social Media Plan',
};

type RequestClose = (close: () => void) => void;
const closeAtOnce: RequestClose = (close) => close();

/**
 * The media runway's editor (guide/sunday-planning.md#a-runway-view): Sunday Videos, the Slide Deck and the Social Media Plan
 * of one Sunday as tabs of one dialog. Only the open tab is mounted; leaving it (another tab,
 * closing the dialog, navigating away) with unsaved changes asks first, through its own guard.
 */
export function MediaEditor(props: { sundayDate: string; open: boolean; onOpenChange: (open: boolean) => void; initialTab?: MediaTab }) {
  const { sundayDate, open, onOpenChange, initialTab = 'videos' } = props;
  const [tab, setTab] = useState<MediaTab>(initialTab);
  // Each opening starts on the tab asked for, even when the editor stayed mounted while closed.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTab(initialTab);
  }
  const guard = useRef<RequestClose>(closeAtOnce);
  const registerGuard = useCallback((requestClose: RequestClose) => {
    guard.current = requestClose;
  }, []);
  const close = useCallback(() => guard.current(() => onOpenChange(false)), [onOpenChange]);
  const switchTo = (next: string) => {
    if (next !== tab) guard.current(() => setTab(next as MediaTab));
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 top-0 z-[61] flex flex-col bg-white shadow-xl sm:inset-x-auto sm:left-1/2 sm:top-1/2 sm:bottom-auto sm:max-h-[92vh] sm:w-[min(64rem,calc(100%-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg">
          <div className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">Media for Sunday, {longDate(sundayDate)}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                Sunday Videos, the Slide Deck and the Social Media Plan of this Sunday.
              </Dialog.Description>
            </div>
            <Button size="icon" variant="ghost" aria-label="Close media editor" onClick={close}>
              <X className="h-5 w-5" aria-hidden />
            </Button>
          </div>
          {/* Manual activation: a tab opens on a press, not on focus, so focus coming back to a tab
              after the unsaved-changes question (or arrowing across them) asks nothing again. */}
          <Tabs.Root value={tab} onValueChange={switchTo} activationMode="manual" className="flex min-h-0 flex-1 flex-col">
            <Tabs.List aria-label="Media editors" className="flex shrink-0 gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:px-6">
              {(Object.keys(TAB_LABELS) as MediaTab[]).map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
                >
                  {TAB_LABELS[value]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6" tabIndex={-1}>
              <Tabs.Content value="videos" className="focus:outline-none">
                <VideosTab sundayDate={sundayDate} registerGuard={registerGuard} />
              </Tabs.Content>
              <Tabs.Content value="slides" className="focus:outline-none">
                <SlidesTab sundayDate={sundayDate} registerGuard={registerGuard} />
              </Tabs.Content>
              <Tabs.Content value="social" className="focus:outline-none">
                <SocialTab sundayDate={sundayDate} registerGuard={registerGuard} onCancel={close} />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
