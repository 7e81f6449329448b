// The caller's borrowers: GET/POST /borrowers, GET/PATCH/DELETE /borrowers/:id, GET /borrowers/:id/deletion,
// and those a loan from a collection may name: GET /collections/:id/borrowers.
// One module for the resource: its requests share keys and revalidate each other.
import useSWR, { useSWRConfig } from 'swr';
import type {
  Borrower,
  BorrowerDeleted,
  BorrowerDeletion,
  BorrowerDetail,
  BorrowerList,
  CreateBorrowerInput,
  UpdateBorrowerInput,
} from '@shared/schemas/lending';
import { apiRequest } from '@web/lib/api-client';

export const BORROWERS_KEY = '/borrowers';
export const borrowerKey = (id: number | string) => `${BORROWERS_KEY}/${id}`;
const borrowersQueryKey = (q: string) => (q.trim() ? `${BORROWERS_KEY}?q=${encodeURIComponent(q.trim())}` : BORROWERS_KEY);

export function useBorrowers(q = '') {
  return useSWR<BorrowerList>(borrowersQueryKey(q), (key: string) => apiRequest<BorrowerList>(key), { keepPreviousData: true });
}

/**
 * The borrowers a loan from this collection may name: the owner's own address book, or for an editor of
 * a shared collection, the owner's borrowers of that collection (the loan is kept under its owner).
 */
export function useCollectionBorrowers(collectionId: number) {
  return useSWR<BorrowerList>(`/collections/${collectionId}/borrowers`, (key: string) => apiRequest<BorrowerList>(key));
}

export function useBorrower(id: number | null) {
  return useSWR<BorrowerDetail>(id === null ? null : borrowerKey(id), (key: string) => apiRequest<BorrowerDetail>(key));
}

export function useBorrowerDeletion(id: number | null) {
  return useSWR<BorrowerDeletion>(id === null ? null : `${borrowerKey(id)}/deletion`, (key: string) => apiRequest<BorrowerDeletion>(key));
}

/** Every cached answer about borrowers and loans is stale after a change to either. */
export function useRevalidateLending() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(BORROWERS_KEY) ||
          key.startsWith('/loans') ||
          key === '/lending' ||
          key === '/lending/holds' ||
          /^\/collections\/\d+\/(items\/\d+|borrowers)/.test(key)),
    );
}

export function createBorrower(input: CreateBorrowerInput): Promise<Borrower> {
  return apiRequest<Borrower>(BORROWERS_KEY, { method: 'POST', body: input });
}

export function updateBorrower(id: number, input: UpdateBorrowerInput): Promise<Borrower> {
  return apiRequest<Borrower>(borrowerKey(id), { method: 'PATCH', body: input });
}

export function deleteBorrower(id: number): Promise<BorrowerDeleted> {
  return apiRequest<BorrowerDeleted>(borrowerKey(id), { method: 'DELETE' });
}
