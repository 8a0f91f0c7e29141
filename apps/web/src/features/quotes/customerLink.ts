import { useEffect, useState } from 'react';

/**
 * What every customer-link page (decisions 161, 210) needs: its own fetch (no cookie is sent or kept: the
 * link's token, sent in the X-Customer-Link header, is all that authorises a call, answers included, so no CSRF
 * token either: decision 248; and no "sign in" redirect), the token from the address's fragment (browsers never
 * send a fragment to a server), and whom to ask when something does not work.
 */
export const customerLinkClient = {
  fetch: (input: RequestInfo | URL, init: RequestInit = {}) => fetch(input, { ...init, credentials: 'omit' }),
};

export const linkToken = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

/**
 * The token of the address as it is now: a link repaired in the same tab (its fragment typed again or pasted)
 * changes only the fragment, which reloads nothing, so the page follows the `hashchange`.
 */
export function useLinkToken(): string {
  const [token, setToken] = useState(linkToken);
  useEffect(() => {
    const follow = () => setToken(linkToken());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return token;
}

export interface SellerContact {
  name: string;
  phone: string;
  email: string;
}

/** The seller's name, phone and email (GET /api/customer/seller/: no link needed); null until known. */
export function useSeller(): SellerContact | null {
  const [seller, setSeller] = useState<SellerContact | null>(null);
  useEffect(() => {
    let live = true;
    void customerLinkClient
      .fetch('/api/customer/seller/', { headers: { Accept: 'application/json' } })
      .then(async (res) => (res.ok ? ((await res.json()) as SellerContact) : null))
      .catch(() => null)
      .then((found) => {
        if (live) setSeller(found);
      });
    return () => {
      live = false;
    };
  }, []);
  return seller;
}

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
