/**
 * A size in bytes as people read it: "812 bytes", "245 KB", "1.5 MB".
 * Binary units (1 MB = 1,048,576 bytes), as operating systems show file sizes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit: (typeof units)[number] = 'KB';
  for (const next of units.slice(1)) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  // One decimal below 10 ("1.5 MB"), none above ("245 KB"); no trailing ".0".
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${unit}`;
}
