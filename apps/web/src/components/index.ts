export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
export {
  Field,
  TextInput,
  inputClassName,
  type FieldProps,
  type FieldControlProps,
  type TextInputProps,
} from './Field';
export { Modal, type ModalProps, type ModalSize } from './Modal';
export { MoneyInput, type MoneyInputProps } from './MoneyInput';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { StatusBadge, type StatusBadgeProps } from './StatusBadge';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { LoadingScreen, type LoadingScreenProps } from './LoadingScreen';
export { Logo, type LogoProps } from './Logo';
export { Notice, type NoticeProps, type NoticeTone } from './Notice';
