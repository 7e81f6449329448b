// Copies of an item kept for the person its waiting list offered one to (docs/product.md "Holds"): the
// offer is open, or was accepted and the request not yet lent. Shared by the waiting list, which refuses
// asks against them, and the item page, which counts them as not available.

/** The number of kept copies of item `itemId` (an SQL expression). */
export const keptCopies = (itemId: string) =>
  `(SELECT count(*) FROM holds k WHERE k.item_id = ${itemId}
     AND (k.state = 'offered' OR (k.state = 'accepted' AND EXISTS (SELECT 1 FROM loans a WHERE a.id = k.loan_id AND a.state = 'accepted'))))`;
