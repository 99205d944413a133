import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@shared/api/auth';
import { isItemActive, visibleGroups, visibleStandalone, type MenuItem } from '@shared/domain/menu';
import { hasScreen } from '../screens';
import { ROLE_LABELS } from '@shared/domain/roles';
import { BrandMark } from '@web/components/ui/brand-logo';

/**
 * Below the large breakpoint: a toggle opening a full-screen menu with the groups, a "More"
 * section holding Archive and Admin, and Sign Out (guide/roles-and-access.md#the-menu). A Radix dialog traps focus.
 */
export function MobileMenu({
  user,
  open,
  onOpenChange,
  onSignOut,
  signingOut,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { pathname } = useLocation();
  const more = visibleStandalone(user.role, hasScreen);
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-white lg:hidden" aria-describedby={undefined}>
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title asChild>
              <span>
                <BrandMark />
                <span className="sr-only"> menu</span>
              </span>
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-4">
            <Link to="/account" onClick={close} className="mb-4 block rounded-lg bg-slate-50 px-4 py-3 hover:bg-slate-100">
              <p className="font-medium text-slate-900">{user.fullName}</p>
              <p className="text-sm text-slate-500">
                {user.email} · {ROLE_LABELS[user.role]}
              </p>
              <p className="mt-1 text-sm font-medium text-brand-700">Account</p>
            </Link>
            {visibleGroups(user.role, hasScreen).map((group) => (
              <Section key={group.label} title={group.label} items={group.items} pathname={pathname} onNavigate={close} />
            ))}
            {more.length > 0 && <Section title="More" items={more} pathname={pathname} onNavigate={close} />}
          </nav>
          <div className="shrink-0 border-t border-slate-200 p-4">
            <button
              type="button"
              onClick={onSignOut}
              disabled={signingOut}
              className="flex h-11 w-full items-center justify-center gap-2 rounded-md border border-slate-300 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Sign Out
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Section({ title, items, pathname, onNavigate }: { title: string; items: MenuItem[]; pathname: string; onNavigate: () => void }) {
  const headingId = `mobile-menu-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">
        {title}
      </h2>
      <ul>
        {items.map((item) => {
          const current = isItemActive(item, pathname);
          return (
            <li key={item.path}>
              <Link
                to={item.path}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-3 py-2.5 text-base ${
                  current ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
