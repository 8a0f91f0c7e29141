import { useRef, type KeyboardEvent, type Ref } from 'react';
import ReactSelect, {
  components,
  type GroupBase,
  type OptionProps,
  type SelectInstance,
  type SingleValue,
  type StylesConfig,
} from 'react-select';
import CreatableSelect from 'react-select/creatable';
import * as Tooltip from '@radix-ui/react-tooltip';
import { DROPDOWN_TEXT } from '@icehouse/domain';
import { AccessibleInput, SELECT_BEHAVIOUR, selectClassNames, type FieldAria } from '../../../components/selectLook';
import type { Option } from '../types';

/**
 * The order form's select: react-select with the spec's texts ('Select...', 'No options',
 * 'Loading...'), menu heights and page size (spec §9). Values are plain (an id or a code); the
 * options carry the labels. With `creatable`, a typed value not in the list can be kept (custom
 * size, custom item), shown through `customText`.
 */

type Value = string | number;

export interface SelectFieldProps<V extends Value> {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  /** When there is no visible label (a row of the items editor). */
  'aria-label'?: string;
  name?: string;
  options: ReadonlyArray<Option<V>>;
  value: V | null;
  onChange: (value: V | null) => void;
  onBlur?: () => void;
  /** A typed value that is not an option (custom size, custom item): shown as the selection when `value` is null. */
  customText?: string;
  /** Lets the user keep a typed value: called with the text. */
  onCreate?: (text: string) => void;
  /** The create option's label, e.g. 'Use custom size "10x20"'. */
  formatCreateLabel?: (text: string) => string;
  noOptionsMessage?: (inputValue: string) => string;
  /** Creatable: whether a typed text may become a new value (default: not blank, not an option's label). */
  isValidNewOption?: (text: string) => boolean;
  isLoading?: boolean;
  isDisabled?: boolean;
  isClearable?: boolean;
  placeholder?: string;
  ref?: Ref<SelectInstance<Option<V>, false>>;
  className?: string;
}

type AnyOption = Option<Value>;

/** An option with a reason it cannot be chosen: said to screen readers, shown on hover. */
function OptionWithReason(props: OptionProps<AnyOption, false, GroupBase<AnyOption>>) {
  const reason = props.data.disabledReason;
  if (!reason) return <components.Option {...props} />;
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <div>
            <components.Option {...props}>
              {props.children}
              <span className="sr-only"> ({reason})</span>
            </components.Option>
          </div>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="right"
            sideOffset={6}
            className="z-[60] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg"
          >
            {reason}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

const CUSTOM_VALUE = '__custom__';

/** Keeps the menu above the sticky action bar and other fields. */
const styles: StylesConfig<AnyOption, false> = {
  menu: (base) => ({ ...base, zIndex: 30 }),
};

export function SelectField<V extends Value>({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
  'aria-label': ariaLabel,
  name,
  options,
  value,
  onChange,
  onBlur,
  customText,
  onCreate,
  formatCreateLabel,
  noOptionsMessage,
  isValidNewOption,
  isLoading = false,
  isDisabled = false,
  isClearable = true,
  placeholder = DROPDOWN_TEXT.placeholder,
  ref,
  className,
}: SelectFieldProps<V>) {
  const menuOpen = useRef(false);
  let selected: AnyOption | null = null;
  // An empty value ('' from a blank form field, or undefined) is no selection: react-select is
  // given null, so it shows the placeholder and no clear button.
  if (value !== null && value !== undefined && value !== '') {
    selected = options.find((option) => option.value === value) ?? { value, label: String(value) };
  } else if (customText) {
    selected = { value: CUSTOM_VALUE, label: customText };
  }

  const common = {
    inputId: id,
    name,
    'aria-label': ariaLabel,
    'aria-invalid': invalid,
    options: options as ReadonlyArray<AnyOption>,
    value: selected,
    onChange: (option: SingleValue<AnyOption>) => {
      if (!option) onChange(null);
      else if (option.value !== CUSTOM_VALUE) onChange(option.value as V);
    },
    onBlur,
    isLoading,
    isDisabled,
    isClearable,
    isOptionDisabled: (option: AnyOption) => option.isDisabled === true,
    ...SELECT_BEHAVIOUR,
    placeholder,
    noOptionsMessage: ({ inputValue }: { inputValue: string }) =>
      noOptionsMessage ? noOptionsMessage(inputValue) : DROPDOWN_TEXT.noOptions,
    className,
    styles,
    onMenuOpen: () => {
      menuOpen.current = true;
    },
    onMenuClose: () => {
      menuOpen.current = false;
    },
    // Escape closes an open menu and nothing else; with the menu closed it reaches the dialog.
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape' && menuOpen.current) event.stopPropagation();
    },
    components: {
      Input: AccessibleInput as unknown as typeof components.Input,
      Option: OptionWithReason as unknown as typeof components.Option,
    },
    classNames: selectClassNames<AnyOption>(invalid === true),
    fieldAria: { describedBy, required } satisfies FieldAria,
  };

  if (onCreate) {
    return (
      <CreatableSelect<AnyOption, false>
        ref={ref as unknown as Ref<SelectInstance<AnyOption, false>>}
        {...common}
        onCreateOption={(text) => {
          const trimmed = text.trim();
          if (trimmed !== '') onCreate(trimmed);
        }}
        formatCreateLabel={formatCreateLabel ?? ((text) => `Use "${text}"`)}
        {...(isValidNewOption ? { isValidNewOption: (text: string) => isValidNewOption(text) } : {})}
      />
    );
  }
  return (
    <ReactSelect<AnyOption, false>
      ref={ref as unknown as Ref<SelectInstance<AnyOption, false>>}
      {...common}
    />
  );
}
