import { act } from '@testing-library/react';
import { useState, useSyncExternalStore } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SlidesResponse, SocialResponse, VideosResponse } from '@shared/api/sunday-media';
import { renderWithClient, type Answer } from '@web/test/test-utils';
import { MediaEditor, type MediaTab } from './media-editor';

/** Test doubles for the media editor's component tests: its data, an XHR for uploads, the editor in a router. */
export const SUNDAY = '2030-01-06';
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const videosData = (over: Partial<VideosResponse> = {}): VideosResponse => ({
  sundayDate: SUNDAY,
  version: 3,
  isLocked: false,
  canEdit: true,
  videos: [
    {
      id: uuid(1),
      title: 'Announcements',
      type: 'announcement',
      ministryId: null,
      ministryName: null,
      description: null,
      status: 'ready',
      ownerId: uuid(90),
      ownerName: 'Casey Creative',
      durationSeconds: 120,
      orderInService: 0,
      response: 'accepted',
      responseReason: null,
    },
    {
      id: uuid(2),
      title: 'Serve Day promo',
      type: 'promo',
      ministryId: uuid(80),
      ministryName: 'Youth',
      description: 'Saturday serve day',
      status: 'in_production',
      ownerId: null,
      ownerName: null,
      durationSeconds: null,
      orderInService: 1,
      response: 'pending',
      responseReason: null,
    },
  ],
  counts: { ready: 1, inProgress: 1, planned: 0 },
  owners: [{ id: uuid(90), fullName: 'Casey Creative' }],
  ministries: [{ id: uuid(80), name: 'Youth' }],
  ...over,
});

export const slidesData = (over: Partial<SlidesResponse> = {}): SlidesResponse => ({
  sundayDate: SUNDAY,
  version: 3,
  isLocked: false,
  canEdit: true,
  canEditRecurring: true,
  recurring: [
    { id: uuid(11), title: 'Welcome', type: 'recurring', active: true, orderIndex: 0, ownerId: null, ownerName: null, isComplete: false },
    { id: uuid(12), title: 'Giving', type: 'recurring', active: true, orderIndex: 1, ownerId: null, ownerName: null, isComplete: false },
  ],
  weekly: [
    {
      id: uuid(21),
      title: 'Harvest dinner',
      type: 'weekly',
      active: true,
      orderIndex: 0,
      ownerId: null,
      ownerName: null,
      isComplete: false,
    },
  ],
  owners: [{ id: uuid(91), fullName: 'Cam Creative' }],
  ...over,
});

export const socialData = (over: Partial<SocialResponse> = {}): SocialResponse => ({
  sundayDate: SUNDAY,
  version: 3,
  isLocked: false,
  canEdit: true,
  canLock: true,
  posts: [
    {
      id: uuid(31),
      platform: 'Facebook',
      postType: 'Event',
      postDatetime: `${SUNDAY}T17:00:00.000Z`,
      status: 'Draft',
      campaignTag: 'Harvest Dinner',
      ownerId: uuid(90),
      ownerName: 'Casey Creative',
      caption: 'Join us for dinner',
      hashtags: '#harvest',
      assets: [{ url: `/api/planning-files/${uuid(70)}`, type: 'image' }],
      response: 'pending',
      responseReason: null,
    },
  ],
  owners: [{ id: uuid(90), fullName: 'Casey Creative' }],
  campaignOptions: ['Harvest Dinner', 'Serve Day'],
  ...over,
});

/** An XMLHttpRequest that reports half, then answers as told. */
export function mockXhr(answer: () => Answer) {
  const opened: string[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      opened.push(url);
    }
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        const a = answer();
        this.status = a.status ?? 201;
        this.responseText = JSON.stringify(a.body ?? {});
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return opened;
}

/** The editor inside a data router (the guard blocks navigation) with a link away and a toaster. */
export function renderEditor(initialTab: MediaTab = 'videos') {
  const onOpenChange = vi.fn();
  function Host() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <Link to="/elsewhere">Go elsewhere</Link>
        <MediaEditor
          sundayDate={SUNDAY}
          open={open}
          initialTab={initialTab}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
        />
      </>
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/runways/media', element: <Host /> },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: ['/runways/media'] },
  );
  const client = renderWithClient(<RouterProvider router={router} />, { toaster: true });
  return { onOpenChange, router, client };
}

/** The editor kept mounted in a data router while `set(tab, open)` changes its props, as a runway page would. */
export function renderBare(initialTab: MediaTab, open: boolean) {
  let props = { tab: initialTab, open };
  const listeners = new Set<() => void>();
  function Host() {
    const current = useSyncExternalStore(
      (l) => (listeners.add(l), () => listeners.delete(l)),
      () => props,
    );
    return <MediaEditor sundayDate={SUNDAY} open={current.open} initialTab={current.tab} onOpenChange={() => {}} />;
  }
  const router = createMemoryRouter([{ path: '/', element: <Host /> }]);
  renderWithClient(<RouterProvider router={router} />);
  return {
    set: (tab: MediaTab, isOpen: boolean) =>
      act(() => {
        props = { tab, open: isOpen };
        listeners.forEach((l) => l());
      }),
  };
}
