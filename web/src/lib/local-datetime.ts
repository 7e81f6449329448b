// Dates as a datetime-local input holds them, apart from value-form.ts so the list's filters can use it
// without the forms' code.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input shows it (the browser's time zone). */
export function isoToLocalInput(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
