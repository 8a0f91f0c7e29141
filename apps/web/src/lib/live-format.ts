/** A change's time as staff read it: 2:05 PM (today's changes are the only ones a banner shows). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
