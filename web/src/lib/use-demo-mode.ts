// Demo mode (docs/product.md §6): the server says so, or the session is read-only. Changes are disabled.
import { useApiInfo } from './use-api-info';
import { useSession } from './use-session';

export function useDemoMode(): boolean {
  const { data } = useApiInfo();
  const session = useSession();
  return data?.demo === true || session?.readOnly === true;
}
