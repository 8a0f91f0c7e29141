import { LIMITS, MESSAGES, type Address } from '@icehouse/domain';

/**
 * The maps places script (spec §9): loaded once, with a 10 s timeout and up to 3 retries after
 * 1 s × the attempt number. Only loaded when a key is configured (VITE_GOOGLE_MAPS_API_KEY).
 */

export type MapsFailure = 'missing-key' | 'load-timeout' | 'load-error' | 'script-error';

export class MapsLoadError extends Error {
  readonly reason: MapsFailure;
  constructor(reason: MapsFailure) {
    super(reason);
    this.name = 'MapsLoadError';
    this.reason = reason;
  }
}

/** The small part of the places library the form uses. */
export interface PlaceAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
export interface PlacesAutocomplete {
  addListener(event: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): { address_components?: PlaceAddressComponent[] };
}
export interface MapsApi {
  places: {
    Autocomplete: new (
      input: HTMLInputElement,
      options: {
        types: string[];
        componentRestrictions: { country: string | string[] };
        fields: string[];
      },
    ) => PlacesAutocomplete;
  };
}

declare global {
  interface Window {
    google?: { maps?: Partial<MapsApi> };
    [callback: `__icehouseMaps${string}`]: (() => void) | undefined;
  }
}

export function mapsApiKey(): string {
  const key: unknown = import.meta.env.VITE_GOOGLE_MAPS_API_KEY;
  return typeof key === 'string' ? key.trim() : '';
}

/** What the address block says when autocomplete cannot be used. */
export function mapsFailureMessage(reason: MapsFailure): string {
  switch (reason) {
    case 'missing-key':
      return MESSAGES.mapsKeyMissing;
    case 'script-error':
      return `Address autocomplete is ${MESSAGES.autocompleteUnavailable}`;
    default:
      return MESSAGES.autocompleteLoadFailed;
  }
}

let loading: Promise<MapsApi> | null = null;
let attemptCounter = 0;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function loadOnce(key: string): Promise<MapsApi> {
  return new Promise((resolve, reject) => {
    const callback = `__icehouseMaps${++attemptCounter}` as const;
    const script = document.createElement('script');
    const params = new URLSearchParams({
      key,
      libraries: 'places',
      language: 'en',
      region: 'US',
      callback,
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    const done = () => {
      clearTimeout(timer);
      window[callback] = undefined;
    };
    const timer = setTimeout(() => {
      done();
      script.remove();
      reject(new MapsLoadError('load-timeout'));
    }, LIMITS.mapsLoadTimeoutMs);
    window[callback] = () => {
      done();
      const maps = window.google?.maps;
      if (maps?.places) resolve(maps as MapsApi);
      else reject(new MapsLoadError('script-error'));
    };
    script.onerror = () => {
      done();
      script.remove();
      reject(new MapsLoadError('load-error'));
    };
    document.head.appendChild(script);
  });
}

async function loadWithRetries(key: string): Promise<MapsApi> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loadOnce(key);
    } catch (error) {
      if (attempt >= LIMITS.mapsMaxRetries) throw error;
      await delay(LIMITS.mapsRetryDelayMs * (attempt + 1));
    }
  }
}

/** The places library, loading it on first use; a failure lets a later call try again. */
export function loadMaps(key: string = mapsApiKey()): Promise<MapsApi> {
  if (!key) return Promise.reject(new MapsLoadError('missing-key'));
  loading ??= loadWithRetries(key).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The address fields a chosen place fills in (every one but the name). */
export type PlaceAddress = Omit<Address, 'name'>;

/** A chosen place's address fields. */
export function addressFromPlace(components: readonly PlaceAddressComponent[]): PlaceAddress {
  const find = (type: string) => components.find((c) => c.types.includes(type));
  const number = find('street_number')?.long_name ?? '';
  const route = find('route')?.long_name ?? '';
  const zip = find('postal_code')?.long_name ?? '';
  const suffix = find('postal_code_suffix')?.long_name ?? '';
  return {
    street: [number, route].filter(Boolean).join(' '),
    city: (find('locality') ?? find('sublocality') ?? find('postal_town'))?.long_name ?? '',
    state: find('administrative_area_level_1')?.short_name ?? '',
    zip_code: suffix ? `${zip}-${suffix}` : zip,
    country: find('country')?.short_name ?? 'US',
  };
}
