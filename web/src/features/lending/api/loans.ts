// The owner's loans: GET/POST /collections/:id/items/:iid/loans, GET/PATCH/DELETE /loans/:id,
// POST /loans/:id/:action, GET /lending (the overview).
import useSWR from 'swr';
import type { LoanAction } from '@shared/lending';
import type { CreateLoanInput, ItemLoans, LendingOverview, Loan, LoanActionInput, UpdateLoanInput } from '@shared/schemas/lending';
import { apiRequest } from '@web/lib/api-client';

export const LENDING_KEY = '/lending';
export const itemLoansKey = (collectionId: number, itemId: number) => `/collections/${collectionId}/items/${itemId}/loans`;
export const loanKey = (id: number) => `/loans/${id}`;

export function useItemLoans(collectionId: number, itemId: number, enabled = true) {
  return useSWR<ItemLoans>(enabled ? itemLoansKey(collectionId, itemId) : null, (key: string) => apiRequest<ItemLoans>(key));
}

export function useLoan(id: number | null) {
  return useSWR<Loan>(id === null ? null : loanKey(id), (key: string) => apiRequest<Loan>(key));
}

export function useLendingOverview() {
  return useSWR<LendingOverview>(LENDING_KEY, (key: string) => apiRequest<LendingOverview>(key));
}

export function createLoan(collectionId: number, itemId: number, input: CreateLoanInput): Promise<Loan> {
  return apiRequest<Loan>(itemLoansKey(collectionId, itemId), { method: 'POST', body: input });
}

export function updateLoan(id: number, input: UpdateLoanInput): Promise<Loan> {
  return apiRequest<Loan>(loanKey(id), { method: 'PATCH', body: input });
}

export function actOnLoan(id: number, action: LoanAction, input: LoanActionInput = {}): Promise<Loan> {
  return apiRequest<Loan>(`${loanKey(id)}/${action}`, { method: 'POST', body: input });
}

export function deleteLoan(id: number): Promise<void> {
  return apiRequest<void>(loanKey(id), { method: 'DELETE' });
}
