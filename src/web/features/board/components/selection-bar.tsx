import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, X } from 'lucide-react';
import { BOARD_MESSAGES } from '@shared/api/board';
import type { AssigneeOption } from '@shared/api/tasks';
import { BOARD_STAGES, itemCount, STAGE_LABELS, type BoardStage } from '@shared/domain/board';
import { Button, buttonClasses } from '@web/components/ui/button';

interface Props {
  count: number;
  busy: boolean;
  /** Present for coordinators and above: the 'Assign to...' menu's people (undefined while they load). */
  assignees: { options: AssigneeOption[] | undefined } | null;
  onMove: (stage: BoardStage) => void;
  onAssign: (assignee: AssigneeOption) => void;
  onClear: () => void;
}

const MENU = 'z-50 max-h-80 min-w-48 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg';
const ITEM = 'flex cursor-pointer items-center rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/** The floating bar over a selection (guide/production-board.md#cards): count, Move to..., Assign to..., Clear Selection. */
export function SelectionBar({ count, busy, assignees, onMove, onAssign, onClear }: Props) {
  return (
    <div
      role="region"
      aria-label="Selected tasks"
      className="fixed bottom-6 left-1/2 z-40 flex -translate-x-1/2 flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xl"
    >
      <span className="mr-2 text-sm font-medium text-slate-900" aria-live="polite">
        {itemCount(count)} selected
      </span>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonClasses('primary', 'sm')} disabled={busy}>
          {BOARD_MESSAGES.moveTo}
          <ChevronDown className="h-4 w-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content side="top" align="start" sideOffset={8} className={MENU}>
            {BOARD_STAGES.map((stage) => (
              <DropdownMenu.Item key={stage} className={ITEM} onSelect={() => onMove(stage)}>
                {STAGE_LABELS[stage]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {assignees && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger className={buttonClasses('outline', 'sm')} disabled={busy}>
            {BOARD_MESSAGES.assignTo}
            <ChevronDown className="h-4 w-4" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content side="top" align="start" sideOffset={8} className={MENU}>
              {!assignees.options || assignees.options.length === 0 ? (
                <DropdownMenu.Label className="px-3 py-2 text-sm text-slate-500">
                  {assignees.options ? 'No one can take tasks.' : 'Loading people...'}
                </DropdownMenu.Label>
              ) : (
                assignees.options.map((person) => (
                  <DropdownMenu.Item key={person.id} className={ITEM} onSelect={() => onAssign(person)}>
                    {person.fullName}
                  </DropdownMenu.Item>
                ))
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X className="h-4 w-4" aria-hidden />
        {BOARD_MESSAGES.clearSelection}
      </Button>
    </div>
  );
}
