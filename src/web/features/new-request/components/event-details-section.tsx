import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import type { RequestForm } from '../lib/form-values';
import { errorProps, Field } from './field';

/** Actual Event Details: collapsible, open at first because the event start date is required. */
export function EventDetailsSection({ form, onEventStartChange }: { form: RequestForm; onEventStartChange: (date: string) => void }) {
  const [open, setOpen] = useState(true);
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <Card className="p-5 sm:p-6">
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <h2 className="text-lg font-semibold text-slate-900">
          <Collapsible.Trigger className="flex w-full items-center justify-between gap-2 rounded text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            Actual Event Details
            <ChevronDown className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content forceMount hidden={!open} className="mt-4 grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="eventStartDate" label="Event start date" required error={e.eventStartDate?.message}>
              <Input
                type="date"
                {...errorProps('eventStartDate', e.eventStartDate?.message)}
                {...register('eventStartDate', { onChange: (ev) => onEventStartChange(ev.target.value) })}
              />
            </Field>
            <Field id="eventEndDate" label="Event end date" error={e.eventEndDate?.message}>
              <Input type="date" {...errorProps('eventEndDate', e.eventEndDate?.message)} {...register('eventEndDate')} />
            </Field>
            <Field id="startTime" label="Start time" error={e.startTime?.message}>
              <Input type="time" {...errorProps('startTime', e.startTime?.message)} {...register('startTime')} />
            </Field>
            <Field id="endTime" label="End time" error={e.endTime?.message}>
              <Input type="time" {...errorProps('endTime', e.endTime?.message)} {...register('endTime')} />
            </Field>
            <Field id="location" label="Location" error={e.location?.message}>
              <Input {...errorProps('location', e.location?.message)} {...register('location')} />
            </Field>
            <Field id="expectedAttendance" label="Expected attendance" error={e.expectedAttendance?.message}>
              <Input
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                {...errorProps('expectedAttendance', e.expectedAttendance?.message)}
                {...register('expectedAttendance')}
              />
            </Field>
          </div>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card>
  );
}
