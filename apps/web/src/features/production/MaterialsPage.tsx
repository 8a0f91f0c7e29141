import { PageHeader } from '../../components/PageHeader';
import { MaterialsReport } from './MaterialsReport';
import { PRODUCTION_TEXT as T } from './texts';

/**
 * /materials: the materials per ship week as a screen of its own, for the roles that read the shop's work
 * but not the books (the Reports screen, where it is also a tab, is the books').
 */
export function MaterialsPage() {
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={T.materials} />
      <MaterialsReport />
    </section>
  );
}
