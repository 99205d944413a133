import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { DIGEST_TIME_MESSAGES, type DigestTimeSetting } from '@shared/api/email-preferences';
import { digestTimeQuery, useSetDigestTime } from '../api/digest-time';
import { lastChangedText, SaveButton, SettingSection } from './section-header';

/** The daily e-mail digest's time: 07:00 church time unless an admin sets another. */
export function DigestTimeSection() {
  const setting = useQuery(digestTimeQuery);
  return (
    <SettingSection
      id="digest-time-heading"
      icon={Clock}
      title={DIGEST_TIME_MESSAGES.heading}
      description={DIGEST_TIME_MESSAGES.explanation}
      query={setting}
      fetchFailed={DIGEST_TIME_MESSAGES.fetchFailed}
    >
      {(data) => <DigestTimeForm key={data.time} setting={data} />}
    </SettingSection>
  );
}

function DigestTimeForm({ setting }: { setting: DigestTimeSetting }) {
  const [time, setTime] = useState(setting.time);
  const save = useSetDigestTime();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(time);
  };
  return (
    <form className="space-y-2" onSubmit={submit}>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="digest-time" className="text-sm font-medium text-slate-800">
          {DIGEST_TIME_MESSAGES.label}
        </label>
        <input
          id="digest-time"
          type="time"
          required
          step={60}
          value={time}
          onChange={(e) => setTime(e.target.value)}
          aria-describedby="digest-time-zone"
          className="rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
        />
        <SaveButton pending={save.isPending} disabled={time === setting.time} />
      </div>
      <p id="digest-time-zone" className="text-xs text-slate-500">
        Church time zone: {setting.timeZone}.{lastChangedText(setting)}
      </p>
    </form>
  );
}
