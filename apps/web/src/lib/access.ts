import { roleMay, seesMoney, type Area, type Role } from '@icehouse/domain';
import { useOptionalAuth } from './auth';

/**
 * What the signed-in user's role may do, read from the same rule the server enforces (the domain's
 * `roleMay` over the areas each server operation declares). A screen, link or button shows only when the
 * role has the area of the operation behind it, so nothing on screen is answered with a 403.
 */

/** Where a role starts: the shop lives on its board, everyone else on the dashboard. */
export function homeOf(role: Role | null | undefined): string {
  return role === 'shop' ? '/board' : '/dashboard';
}

/** The shop's tablet: fewer, larger touch targets in its navigation. */
export const usesTabletLayout = (role: Role | null | undefined): boolean => role === 'shop';

/** The signed-in user's role, or null when nobody is signed in (or outside the session). */
export function useRole(): Role | null {
  return useOptionalAuth()?.user?.role ?? null;
}

/**
 * Whether the signed-in user's role has any of `areas`: false when nobody is signed in. A screen rendered
 * outside the session (on its own, as its tests do) shows everything, as it did before roles; in the app
 * every screen sits under the session guard, and the server refuses what the role may not do anyway.
 */
export function useCan(areas: Area | readonly Area[]): boolean {
  const auth = useOptionalAuth();
  if (!auth) return true;
  return auth.user !== null && roleMay(auth.user.role, areas);
}

/**
 * Whether the signed-in user's role receives money fields. The server leaves them out of every answer
 * for a role that does not (absent, not zero), so screens hide the columns and rows that would show them.
 */
export function useSeesMoney(): boolean {
  const role = useRole();
  return role === null || seesMoney(role);
}

/** The signed-in user's home (the dashboard when nobody is signed in). */
export function useHome(): string {
  return homeOf(useRole());
}
