import { createHttpClient } from '../../lib/http';

/**
 * What every customer-link page (decisions 161, 210) needs: its own HTTP client (the CSRF rule the
 * server applies to every state change, and no "sign in" redirect), the token from the address's
 * fragment (browsers never send a fragment to a server), sent in the X-Customer-Link header.
 */
export const customerLinkClient = createHttpClient({ onUnauthorized: () => undefined });

export const linkToken = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

/** Downloads the document's PDF through the link; false when it could not be had. */
export async function downloadThroughLink(path: string, token: string, filename: string): Promise<boolean> {
  const res = await customerLinkClient.fetch(path, { headers: { 'X-Customer-Link': token } });
  if (!res.ok) return false;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
