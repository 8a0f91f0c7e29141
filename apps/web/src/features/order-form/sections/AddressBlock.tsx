import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  DEFAULT_COUNTRY,
  MESSAGES,
  canSearchAddress,
  formatCanadianPostal,
  postalCodeKind,
  postalCodeMaxLength,
} from '@icehouse/domain';
import { Button } from '../../../components';
import { SelectControl, TextField } from '../fields/controls';
import { useRegions, type OrderLookups } from '../lookups';
import {
  MapsLoadError,
  addressFromPlace,
  loadMaps,
  mapsApiKey,
  mapsFailureMessage,
  type PlaceAddress,
} from '../mapsLoader';
import type { Option, OrderFormValues } from '../types';

type AddressKey = 'billing_address' | 'shipping_address';

type AutocompleteState = { state: 'loading' } | { state: 'enabled' } | { state: 'disabled'; message: string };

/**
 * Address autocomplete on the street input (spec §4: loading, enabled, disabled), restricted to
 * US addresses. Without a maps key it is disabled and says so.
 */
function useAddressAutocomplete(
  inputId: string,
  onPlace: (address: PlaceAddress) => void,
): AutocompleteState {
  const key = mapsApiKey();
  const [status, setStatus] = useState<AutocompleteState>(() =>
    key ? { state: 'loading' } : { state: 'disabled', message: MESSAGES.mapsKeyMissing },
  );
  const onPlaceRef = useRef(onPlace);
  useEffect(() => {
    onPlaceRef.current = onPlace;
  });

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    let listener: { remove(): void } | null = null;
    loadMaps(key)
      .then((maps) => {
        if (cancelled) return;
        const input = document.getElementById(inputId);
        if (!(input instanceof HTMLInputElement)) return;
        try {
          const autocomplete = new maps.places.Autocomplete(input, {
            types: ['address'],
            componentRestrictions: { country: 'us' },
            fields: ['address_components'],
          });
          listener = autocomplete.addListener('place_changed', () => {
            const components = autocomplete.getPlace().address_components;
            if (components) onPlaceRef.current(addressFromPlace(components));
          });
          setStatus({ state: 'enabled' });
        } catch (error) {
          console.warn('Address autocomplete could not start', error);
          setStatus({ state: 'disabled', message: MESSAGES.autocompleteInitFailed });
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn('Address autocomplete could not load', error);
        setStatus({
          state: 'disabled',
          message:
            error instanceof MapsLoadError
              ? mapsFailureMessage(error.reason)
              : MESSAGES.autocompleteLoadFailed,
        });
      });
    return () => {
      cancelled = true;
      listener?.remove();
    };
  }, [key, inputId]);

  return status;
}

export interface AddressBlockProps {
  prefix: AddressKey;
  title: string;
  lookups: OrderLookups;
  /** Shipping: copy the billing address into this block. */
  onCopyFromBilling?: () => void;
}

const FALLBACK_COUNTRIES: Option<string>[] = [{ value: DEFAULT_COUNTRY, label: 'United States' }];

export function AddressBlock({ prefix, title, lookups, onCopyFromBilling }: AddressBlockProps) {
  const { control, setValue, getValues, trigger } = useFormContext<OrderFormValues>();
  const { isSubmitted } = useFormState({ control });
  const country = useWatch({ control, name: `${prefix}.country` }) || DEFAULT_COUNTRY;
  const regions = useRegions(country);
  const streetId = `${useId()}-street`;
  const [searchError, setSearchError] = useState<string | null>(null);
  const kind = postalCodeKind(country);

  const set = (field: 'street' | 'city' | 'state' | 'zip_code' | 'country', value: string) =>
    setValue(`${prefix}.${field}`, value, { shouldDirty: true, shouldValidate: isSubmitted });

  const autocomplete = useAddressAutocomplete(streetId, (place) => {
    set('street', place.street);
    set('city', place.city);
    set('country', place.country || DEFAULT_COUNTRY);
    set('state', place.state);
    set('zip_code', place.zip_code);
  });

  const countries: Option<string>[] = lookups.countries.length > 0 ? lookups.countries : FALLBACK_COUNTRIES;
  const regionOptions: Option<string>[] = regions.data ?? [];

  function searchAddress() {
    const address = getValues(prefix);
    if (!canSearchAddress(address)) {
      setSearchError(MESSAGES.addressSearchNeedsStreetCity);
      return;
    }
    setSearchError(null);
    const query = [address.street, address.city, address.state, address.zip_code, address.country]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', ');
    window.open(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`,
      '_blank',
      'noopener,noreferrer',
    );
  }

  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          name={`${prefix}.name`}
          label="Name"
          required={prefix === 'billing_address'}
          className="sm:col-span-2"
          autoComplete="organization"
        />
        <div className="sm:col-span-2">
          <TextField name={`${prefix}.street`} label="Street" inputId={streetId} />
          <p className="mt-1 text-xs text-slate-500" data-autocomplete={autocomplete.state}>
            {autocomplete.state === 'loading' && 'Loading address autocomplete...'}
            {autocomplete.state === 'enabled' && 'Start typing to search US addresses.'}
            {autocomplete.state === 'disabled' && `${MESSAGES.autocompleteDisabled}: ${autocomplete.message}`}
          </p>
        </div>
        <TextField name={`${prefix}.city`} label="City" />
        {regionOptions.length > 0 ? (
          <SelectControl<string>
            name={`${prefix}.state`}
            label={kind === 'ca' ? 'Province' : 'State'}
            options={regionOptions}
            isLoading={regions.isLoading}
          />
        ) : (
          <TextField name={`${prefix}.state`} label={kind === 'ca' ? 'Province' : 'State'} maxLength={100} />
        )}
        <TextField
          name={`${prefix}.zip_code`}
          label={kind === 'ca' ? 'Postal Code' : 'ZIP Code'}
          hint={kind === 'ca' ? MESSAGES.postalCodeHint : kind === 'us' ? MESSAGES.zipHint : undefined}
          maxLength={postalCodeMaxLength(country)}
          transform={kind === 'ca' ? formatCanadianPostal : undefined}
        />
        <SelectControl<string>
          name={`${prefix}.country`}
          label="Country"
          options={countries}
          isClearable={false}
          onSelect={(value) => {
            set('country', value ?? DEFAULT_COUNTRY);
            // A state belongs to its country (spec §4).
            set('state', '');
            if (isSubmitted) void trigger(`${prefix}.zip_code`);
          }}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={searchAddress}>
          Search Address
        </Button>
        {onCopyFromBilling && (
          <Button size="sm" onClick={onCopyFromBilling}>
            Copy Billing Address
          </Button>
        )}
        {searchError && (
          <p role="alert" className="text-xs font-medium text-red-700">
            {searchError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
