import { useFormContext } from 'react-hook-form';
import { DocumentsSection } from '../documents/DocumentsSection';
import { DepositsSection } from '../credit/DepositsSection';
import { BolEmailSection } from '../email/BolEmailSection';
import { OrderMaterialsSection } from '../production/OrderMaterialsSection';
import { useCan, useSeesMoney } from '../../lib/access';
import type { OrderLookups } from './lookups';
import { AdditionalInfoSection } from './sections/AdditionalInfoSection';
import { AddressBlock } from './sections/AddressBlock';
import { CustomerPicker } from './sections/CustomerPicker';
import { BuildingSection } from './sections/BuildingSection';
import { FileUploader } from './sections/FileUploader';
import { HistorySection } from './sections/HistorySection';
import { ItemsEditor } from './sections/ItemsEditor';
import { MainFields } from './sections/MainFields';
import { OrderHeader } from './sections/OrderHeader';
import { TotalsPanel } from './sections/TotalsPanel';
import type { FileKind, OrderFormValues, OrderView } from './types';
import type { HeldFiles } from './useHeldFiles';

export interface OrderFormFieldsProps {
  title: string;
  order: OrderView | null;
  lookups: OrderLookups;
  files: HeldFiles;
  /** Opened from an invoice: no file uploaders. */
  invoiceMode: boolean;
  onSubmit: () => void;
  onNavigate: (path: string) => void;
}

/** The order form's sections, top to bottom (spec §2 "Order form"). */
export function OrderFormFields({
  title,
  order,
  lookups,
  files,
  invoiceMode,
  onSubmit,
  onNavigate,
}: OrderFormFieldsProps) {
  const form = useFormContext<OrderFormValues>();
  // Sections whose calls the role may not make are left out (the server would refuse them), and a role
  // that sees no money receives none: no totals.
  const seesMoney = useSeesMoney();
  const linksCustomers = useCan('sales');
  const keepsDeposits = useCan(['sales', 'books']);

  const uploader = (kind: FileKind, label: string) =>
    invoiceMode ? null : (
      <FileUploader
        kind={kind}
        label={label}
        orderId={order?.id ?? null}
        stored={files.files[kind]}
        held={files.held[kind]}
        onStoredChange={(file) => files.setStored(kind, file)}
        onHeldChange={(file) => files.setHeldFile(kind, file)}
      />
    );

  return (
    <form
      aria-label={title}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <OrderHeader order={order} lookups={lookups} onNavigate={onNavigate} />
      <MainFields lookups={lookups} blueprint={uploader('blueprint', 'Blueprint')} />
      {linksCustomers && <CustomerPicker />}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AddressBlock prefix="billing_address" title="Billing Address" lookups={lookups} />
        <AddressBlock
          prefix="shipping_address"
          title="Shipping Address"
          lookups={lookups}
          onCopyFromBilling={() =>
            form.setValue('shipping_address', { ...form.getValues('billing_address') }, { shouldDirty: true })
          }
        />
      </div>
      <AdditionalInfoSection />
      <BuildingSection lookups={lookups} doorDrawing={uploader('door_placement', 'Door Drawing')} />
      <ItemsEditor lookups={lookups} />
      {seesMoney && <TotalsPanel taxRate={lookups.taxRate} />}
      {order && !invoiceMode && <OrderMaterialsSection orderId={order.id} version={order.version} />}
      {order && keepsDeposits && <DepositsSection orderId={order.id} invoiced={order.has_invoice} />}
      {order && <DocumentsSection of="order" id={order.id} />}
      {order?.bol_number && keepsDeposits && <BolEmailSection orderId={order.id} />}
      {order && <HistorySection orderId={order.id} />}
    </form>
  );
}
