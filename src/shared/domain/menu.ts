import { rankOf, ROLE_RANK, type Role } from './roles';

/** The navigation header (guide/roles-and-access.md#the-menu): menu visibility is separate from route access. */
export interface MenuItem {
  label: string;
  path: string;
  minRole: Role;
  /**
   * Where the item leads people below `rank`, who may not open `path` itself: Runways is in the
   * menu from creative (guide/roles-and-access.md#the-menu), but /runways is for coordinators and creatives may
   * open only /runways/planning (decision 0018).
   */
  below?: { rank: Role; path: string };
}
export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

export const MENU_GROUPS: MenuGroup[] = [
  {
    label: 'My Work',
    items: [
      { label: 'My Requests', path: '/my-requests', minRole: 'viewer' },
      { label: 'My Tasks', path: '/my-tasks', minRole: 'requester' },
    ],
  },
  {
    label: 'Workflow',
    items: [
      { label: 'Intake', path: '/intake', minRole: 'coordinator' },
      { label: 'Approvals', path: '/approvals', minRole: 'approver' },
      { label: 'Production', path: '/production', minRole: 'creative' },
    ],
  },
  {
    label: 'Planning',
    items: [
      { label: 'Calendar', path: '/calendar', minRole: 'viewer' },
      { label: 'Event Promotions', path: '/event-promotions', minRole: 'requester' },
      { label: 'Runways', path: '/runways', minRole: 'creative', below: { rank: 'coordinator', path: '/runways/planning' } },
      { label: 'Capacity', path: '/capacity', minRole: 'coordinator' },
    ],
  },
  {
    label: 'Management',
    items: [
      { label: 'CMS Queue', path: '/cms-queue', minRole: 'coordinator' },
      { label: 'All Tasks', path: '/all-tasks', minRole: 'coordinator' },
      { label: 'Accountability', path: '/accountability', minRole: 'coordinator' },
    ],
  },
];

export const ARCHIVE_ITEM: MenuItem = { label: 'Archive', path: '/archive', minRole: 'requester' };
export const ADMIN_ITEM: MenuItem = { label: 'Admin', path: '/admin/settings', minRole: 'admin' };

function visible(item: MenuItem, role: string): boolean {
  return rankOf(role) >= ROLE_RANK[item.minRole];
}

/**
 * Whether this build has a screen at a path. The menu leaves out items whose screen is not built
 * yet (decision 0005) rather than link to a redirect; by default every item has one.
 */
export type HasScreen = (path: string) => boolean;
const everyScreen: HasScreen = () => true;

/** The item as this role follows it: its path, or the `below` path for ranks under it. */
function forRole(item: MenuItem, role: string): MenuItem {
  if (!item.below || rankOf(role) >= ROLE_RANK[item.below.rank]) return item;
  return { label: item.label, path: item.below.path, minRole: item.minRole };
}

/** Groups with at least one visible item, each holding only its visible items, with the paths this role follows. */
export function visibleGroups(role: string, hasScreen: HasScreen = everyScreen): MenuGroup[] {
  return MENU_GROUPS.map((g) => ({
    ...g,
    items: g.items
      .filter((i) => visible(i, role))
      .map((i) => forRole(i, role))
      .filter((i) => hasScreen(i.path)),
  })).filter((g) => g.items.length > 0);
}

/** The standalone items (Archive, Admin) the user may see; below the large breakpoint they sit under "More". */
export function visibleStandalone(role: string, hasScreen: HasScreen = everyScreen): MenuItem[] {
  return [ARCHIVE_ITEM, ADMIN_ITEM].filter((i) => visible(i, role) && hasScreen(i.path));
}

export function isItemActive(item: MenuItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(item.path + '/');
}

/** A group is highlighted if the current path starts with any of its items' paths. */
export function isGroupActive(group: MenuGroup, pathname: string): boolean {
  return group.items.some((i) => pathname.startsWith(i.path));
}
