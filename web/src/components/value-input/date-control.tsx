// Dates and date-times in the browser's own pickers (date-times in the browser's time zone).
import { inputProps } from './control-props';
import type { ControlProps } from './control-props';

export function DateControl(props: ControlProps) {
  return <input {...inputProps(props)} type="date" />;
}

export function DateTimeControl(props: ControlProps) {
  return <input {...inputProps(props)} type="datetime-local" />;
}
