import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import { isGroupActive, isItemActive, MENU_GROUPS, visibleGroups, visibleStandalone } from './menu';

/** guide/roles-and-access.md#the-menu, navigation header table: what each role sees in the menu. */
const EXPECTED: Record<Role, { groups: Record<string, string[]>; standalone: string[] }> = {
  viewer: { groups: { 'My Work': ['My Requests'], Planning: ['Calendar'] }, standalone: [] },
  requester: {
    groups: { 'My Work': ['My Requests', 'My Tasks'], Planning: ['Calendar', 'Event Promotions'] },
    standalone: ['Archive'],
  },
  creative: {
    groups: {
      'My Work': ['My Requests', 'My Tasks'],
      Workflow: ['Production'],
      Planning: ['Calendar', 'Event Promotions', 'Runways'],
    },
    standalone: ['Archive'],
  },
  approver: {
    groups: {
      'My Work': ['My Requests', 'My Tasks'],
      Workflow: ['Approvals', 'Production'],
      Planning: ['Calendar', 'Event Promotions', 'Runways'],
    },
    standalone: ['Archive'],
  },
  coordinator: {
    groups: {
      'My Work': ['My Requests', 'My Tasks'],
      Workflow: ['Intake', 'Approvals', 'Production'],
      Planning: ['Calendar', 'Event Promotions', 'Runways', 'Capacity'],
      Management: ['CMS Queue', 'All Tasks', 'Accountability'],
    },
    standalone: ['Archive'],
  },
  admin: {
    groups: {
      'My Work': ['My Requests', 'My Tasks'],
      Workflow: ['Intake', 'Approvals', 'Production'],
      Planning: ['Calendar', 'Event Promotions', 'Runways', 'Capacity'],
      Management: ['CMS Queue', 'All Tasks', 'Accountability'],
    },
    standalone: ['Archive', 'Admin'],
  },
};

describe('menu visibility per role (guide/roles-and-access.md#the-menu)', () => {
  it.each(ROLES)('%s sees exactly the spec table', (role) => {
    const groups = Object.fromEntries(visibleGroups(role).map((g) => [g.label, g.items.map((i) => i.label)]));
    expect(groups).toEqual(EXPECTED[role].groups);
    // Group order follows the header.
    expect(visibleGroups(role).map((g) => g.label)).toEqual(MENU_GROUPS.map((g) => g.label).filter((l) => l in EXPECTED[role].groups));
    expect(visibleStandalone(role).map((i) => i.label)).toEqual(EXPECTED[role].standalone);
  });

  it('an unknown role sees nothing; groups without visible items are hidden', () => {
    expect(visibleGroups('')).toEqual([]);
    expect(visibleGroups('superuser')).toEqual([]);
    expect(visibleStandalone('superuser')).toEqual([]);
    expect(visibleGroups('viewer').map((g) => g.label)).not.toContain('Workflow');
    expect(visibleGroups('viewer').map((g) => g.label)).not.toContain('Management');
  });

  it('Runways is in the menu of a creative and Admin only of an admin', () => {
    const planning = (role: Role) =>
      visibleGroups(role)
        .find((g) => g.label === 'Planning')!
        .items.map((i) => i.path);
    expect(planning('creative')).toContain('/runways/planning');
    expect(planning('requester')).not.toContain('/runways');
    expect(planning('requester')).not.toContain('/runways/planning');
    for (const role of ROLES) {
      expect(visibleStandalone(role).some((i) => i.label === 'Admin')).toBe(role === 'admin');
    }
  });
});

describe('active highlighting', () => {
  const group = (label: string) => MENU_GROUPS.find((g) => g.label === label)!;
  const item = (label: string) => MENU_GROUPS.flatMap((g) => g.items).find((i) => i.label === label)!;

  it('an item is active on its path and below it', () => {
    expect(isItemActive(item('Runways'), '/runways')).toBe(true);
    expect(isItemActive(item('Runways'), '/runways/message')).toBe(true);
    expect(isItemActive(item('Runways'), '/runways-old')).toBe(false);
    expect(isItemActive(item('Intake'), '/approvals')).toBe(false);
  });

  it('a group is active when the path starts with any of its items paths', () => {
    expect(isGroupActive(group('Planning'), '/runways/planning')).toBe(true);
    expect(isGroupActive(group('Planning'), '/calendar')).toBe(true);
    expect(isGroupActive(group('Workflow'), '/production')).toBe(true);
    expect(isGroupActive(group('Workflow'), '/my-tasks')).toBe(false);
    expect(isGroupActive(group('Management'), '/cms-queue')).toBe(true);
    expect(isGroupActive(group('My Work'), '/intake')).toBe(false);
  });
});

describe('Runways leads each rank where it may go (decision 0018)', () => {
  const runways = (role: Role, hasScreen?: (path: string) => boolean) =>
    visibleGroups(role, hasScreen)
      .flatMap((g) => g.items)
      .find((i) => i.label === 'Runways');

  it('creatives and approvers go to /runways/planning, coordinators and admins to /runways', () => {
    expect(runways('creative')?.path).toBe('/runways/planning');
    expect(runways('approver')?.path).toBe('/runways/planning');
    expect(runways('coordinator')?.path).toBe('/runways');
    expect(runways('admin')?.path).toBe('/runways');
  });

  it('each is highlighted on the Planning tab, and the coordinator item on the runway views too', () => {
    const creative = runways('creative')!;
    expect(isItemActive(creative, '/runways/planning')).toBe(true);
    expect(isItemActive(creative, '/runways/message')).toBe(false);
    const coordinator = runways('coordinator')!;
    expect(isItemActive(coordinator, '/runways/planning')).toBe(true);
    expect(isItemActive(coordinator, '/runways/message')).toBe(true);
    const planning = visibleGroups('creative').find((g) => g.label === 'Planning')!;
    expect(isGroupActive(planning, '/runways/planning')).toBe(true);
  });

  it('is shown when the screen it leads to is built, for each rank on its own', () => {
    const onlyPlanning = (path: string) => path === '/runways/planning';
    expect(runways('creative', onlyPlanning)?.path).toBe('/runways/planning');
    expect(runways('coordinator', onlyPlanning)).toBeUndefined();
    const onlyDashboard = (path: string) => path === '/runways';
    expect(runways('creative', onlyDashboard)).toBeUndefined();
    expect(runways('admin', onlyDashboard)?.path).toBe('/runways');
  });
});

describe('items without a screen in this build', () => {
  it('are left out, and a group left with none is hidden', () => {
    const built = new Set(['/my-requests', '/my-tasks', '/intake', '/archive']);
    const hasScreen = (path: string) => built.has(path);
    expect(visibleGroups('admin', hasScreen).map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([
      ['My Work', ['My Requests', 'My Tasks']],
      ['Workflow', ['Intake']],
    ]);
    expect(visibleStandalone('admin', hasScreen).map((i) => i.label)).toEqual(['Archive']);
  });
});
