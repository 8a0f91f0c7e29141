import { useEffect, useRef, useState } from 'react';
import { EmailSettingsSection } from '../email/EmailSettingsSection';
import { AccountingSettingsSection } from './AccountingSettingsSection';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { FetchError } from '../../components/FetchError';
import { Notice, type NoticeTone } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../lib/trpc';
import { CompanyForm } from './CompanyForm';
import { COMPANY_TEXT, type CompanyInfo } from './types';

interface PageNotice {
  tone: NoticeTone;
  text: string;
}

/**
 * Company Information (/company-info, invoices spec §2, §4, §5, §8): the details printed on
 * invoices and the sales tax rate order forms use. Read-only until Edit Information; Save Changes
 * saves and returns to read-only; Cancel returns to read-only with the server's values reloaded.
 */
export function CompanyInfoPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const company = trpc.company.get.useQuery();
  const [editing, setEditing] = useState(false);
  const [reloading, setReloading] = useState(false);
  // A new key remounts the form on the server's values (after a save, or Cancel).
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back to read-only: focus returns to Edit Information, where the user will most likely go next.
  useEffect(() => {
    if (!editing && wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function startEditing() {
    setNotice(null);
    setEditing(true);
  }

  function handleSaved(saved: CompanyInfo) {
    utils.company.get.setData(undefined, saved);
    setNotice({ tone: 'success', text: MESSAGES.companyUpdated });
    setEditing(false);
    setFormKey((key) => key + 1);
  }

  async function cancel() {
    setReloading(true);
    const result = await company.refetch();
    setReloading(false);
    // Could not reload: the form goes back to the last values the server gave.
    setNotice(result.isError ? { tone: 'error', text: MESSAGES.fetchCompanyError } : null);
    setEditing(false);
    setFormKey((key) => key + 1);
  }

  const data = company.data;

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4">
      <PageHeader
        title={COMPANY_TEXT.title}
        actions={
          <>
            <Button onClick={() => navigate('/dashboard')}>{COMPANY_TEXT.back}</Button>
            {data && !editing && (
              <Button ref={editButtonRef} variant="primary" onClick={startEditing}>
                {COMPANY_TEXT.edit}
              </Button>
            )}
          </>
        }
      />

      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}

      {data ? (
        <CompanyForm
          key={formKey}
          company={data}
          editing={editing}
          reloading={reloading}
          onSaved={handleSaved}
          onError={(text) => setNotice({ tone: 'error', text })}
          onCancel={() => void cancel()}
        />
      ) : company.isError ? (
        <FetchError
          message={MESSAGES.fetchCompanyError}
          onRetry={() => void company.refetch()}
          retrying={company.isFetching}
        />
      ) : (
        <p
          role="status"
          className="rounded-lg border border-slate-200 bg-white px-6 py-8 text-center text-sm text-slate-600"
        >
          {COMPANY_TEXT.loading}
        </p>
      )}
      <EmailSettingsSection />
      <AccountingSettingsSection />
    </section>
  );
}
