// A file's size for people: "820 bytes", "14 kB", "3.4 MB" (in the app's language: "3,4 Mo").
import type { IntlShape } from 'react-intl';

export function formatFileSize(intl: IntlShape, bytes: number): string {
  if (bytes < 1024) return intl.formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  if (bytes < 1024 * 1024) {
    return intl.formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 });
  }
  return intl.formatNumber(bytes / (1024 * 1024), {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}
