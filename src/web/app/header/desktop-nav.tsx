import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { isGroupActive, isItemActive, visibleGroups, visibleStandalone, type MenuGroup, type MenuItem } from '@shared/domain/menu';
import { hasScreen } from '../screens';

const TAB = 'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors';
const tabClass = (active: boolean) =>
  `${TAB} ${active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`;

/** The desktop menu (lg and up): one dropdown per visible group, then Archive and Admin on their own. */
export function DesktopNav({ role }: { role: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {visibleGroups(role, hasScreen).map((group) => (
        <GroupMenu key={group.label} group={group} pathname={pathname} />
      ))}
      {visibleStandalone(role, hasScreen).map((item) => (
        <StandaloneLink key={item.path} item={item} pathname={pathname} />
      ))}
    </nav>
  );
}

function GroupMenu({ group, pathname }: { group: MenuGroup; pathname: string }) {
  const active = isGroupActive(group, pathname);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${tabClass(active)} data-[state=open]:bg-slate-100`} data-active={active}>
        {group.label}
        <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {group.items.map((item) => {
            const current = isItemActive(item, pathname);
            return (
              <DropdownMenu.Item key={item.path} asChild>
                <Link
                  to={item.path}
                  aria-current={current ? 'page' : undefined}
                  className={`flex cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 ${
                    current ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700'
                  }`}
                >
                  {item.label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function StandaloneLink({ item, pathname }: { item: MenuItem; pathname: string }) {
  const current = isItemActive(item, pathname);
  return (
    <Link to={item.path} aria-current={current ? 'page' : undefined} className={tabClass(current)}>
      {item.label}
    </Link>
  );
}
