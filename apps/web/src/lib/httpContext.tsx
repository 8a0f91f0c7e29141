import { createContext, useContext } from 'react';
import { http, type HttpClient } from './http';

/**
 * The HTTP client the app's tRPC client sends through, for the few places that need the client
 * itself (sign-in and sign-out forget the CSRF token). The shared `http` unless AppProviders was
 * given another one (tests).
 */
export const HttpClientContext = createContext<HttpClient>(http);

export function useHttpClient(): HttpClient {
  return useContext(HttpClientContext);
}
