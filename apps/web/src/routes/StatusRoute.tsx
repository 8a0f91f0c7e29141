import { SystemStatusPage } from '../features/system/SystemStatusPage';

export function StatusRoute() {
  return <SystemStatusPage />;
}
