import { Label } from '@web/components/ui/input';
import { SELECT } from './save-problem';

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

/**
 * A labelled native select of the media editor: the options are plain values (shown as they are)
 * or value/label pairs; `emptyLabel` adds a first option with the empty value ('None', 'Unassigned').
 */
export function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly (T | SelectOption<T>)[];
  emptyLabel?: string;
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  const { id, label, value, options, emptyLabel, disabled, onChange } = props;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={SELECT} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((o) =>
          typeof o === 'string' ? (
            <option key={o} value={o}>
              {o}
            </option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </div>
  );
}
