import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * What the request-auth hook does for a route, declared by the route itself (Fastify route
 * `config.auth`) and read from the route the router matched, never from the raw request target:
 * `/%61pi/auth/login/` and `POST http://host/api/auth/logout/` reach the same routes as
 * `/api/auth/login/` and `/api/auth/logout/`, so they get the same checks.
 */
export interface RouteSecurity {
  /** Read the session cookie (req.auth). Off for static files, the web app shell and the docs. */
  session: boolean;
  /** A state-changing method (anything but GET, HEAD, OPTIONS) needs the X-CSRFToken header. */
  csrf: boolean;
  /**
   * Accepts `Authorization: Token <key>` (an API token) instead of the session cookie: a token request
   * reads no cookie and needs no CSRF token. Only REST routes of signed-in operations that do not manage
   * tokens, users or passwords; never tRPC, sign-in or files.
   */
  token: boolean;
}

export interface RouteSecurityConfig {
  auth: RouteSecurity;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteSecurity;
  }
}

/** `'asset'`: a file or page anyone may load, with no session (web app, docs, OpenAPI). */
export type RouteKind = 'public' | 'user' | 'asset';

/**
 * The route `config` for a route of this kind; every route passes it (`app.route({ config: ... })`).
 * Every kind needs CSRF for state changes, sign-in and sign-out included (a token request carries no
 * cookie, so it needs none), but for a public route declared `csrf: false` (a customer link's answer). `tokens`: the route takes API tokens (REST routes of signed-in operations).
 */
export function routeSecurityConfig(kind: RouteKind, options: { tokens?: boolean; csrf?: boolean } = {}): RouteSecurityConfig {
  // A public route authorised by a header of its own (a customer link) reads no cookie, so there is nothing to forge.
  if (kind === 'public' && options.csrf === false) return { auth: { session: false, csrf: false, token: false } };
  const token = (options.tokens ?? false) && kind === 'user';
  return { auth: { session: kind !== 'asset', csrf: true, token } };
}

/** A route that declares nothing (or the not-found handler) gets the safe choice. */
export const UNDECLARED_ROUTE_SECURITY: RouteSecurity = { session: true, csrf: true, token: false };

function declared(config: unknown): RouteSecurity | undefined {
  return (config as Partial<RouteSecurityConfig> | undefined)?.auth;
}

export function routeSecurityOf(req: FastifyRequest): RouteSecurity {
  return declared(req.routeOptions.config) ?? UNDECLARED_ROUTE_SECURITY;
}

/**
 * Declares `kind` for every route a third-party plugin adds in this scope (the tRPC adapter,
 * @fastify/static), which take no route config of their own. Call before registering the plugin.
 */
export function declareScopeSecurity(scope: FastifyInstance, kind: RouteKind) {
  scope.addHook('onRoute', (route) => {
    if (!declared(route.config)) route.config = { ...route.config, ...routeSecurityConfig(kind) };
  });
}

const routeTables = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Records every route of the app (call once, before any route), for routeSecurityTable. */
export function trackRouteSecurity(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}

/** Every route of the app with what it declared (read now: a scope's onRoute hook may declare after ours). */
export function routeSecurityTable(app: FastifyInstance) {
  return (routeTables.get(app) ?? []).map((route) => ({
    method: route.method,
    url: route.url,
    security: declared(route.config) ?? null,
  }));
}
