import { PRIORITIES, PRIORITY_DEFAULT, type Priority } from '../../shared/constants';
import { BUYER, type Buyer } from '../../shared/states';
import type { Survey } from '../surveys/epc/survey';
import { nationOf } from '../funding/nation';
import type { PremiumWithPurchase } from './repos/pending-reports';
import { premiumDueDate } from './working-days';

export interface PurchaseDetails {
  boughtBy: Buyer;
  /** The owner's email on an owner's purchase; '' when the assessor bought it. */
  buyerEmail: string;
  /** Epoch milliseconds: when it was paid for (a credit is paid at once). */
  purchasedAt: number;
  priority: Priority | null;
  /** YYYY-MM-DD in the property's nation. */
  dueDate: string;
}

const isPriority = (value: string | null): value is Priority => (PRIORITIES as readonly (string | null)[]).includes(value);

/**
 * Who bought the report and when it is due. An owner who paid before giving a priority (the
 * webhook can fulfil first) gets the payment form's default; the assessor's own purchase has none.
 */
export function purchaseDetailsOf(row: PremiumWithPurchase): PurchaseDetails {
  const boughtBy = row.buyer ?? BUYER.assessor;
  const purchasedAt = row.paid_at ?? row.purchase_created_at ?? row.created_at;
  const survey = JSON.parse(row.survey) as Survey;
  const owner = boughtBy === BUYER.owner;
  return {
    boughtBy,
    buyerEmail: owner ? (row.email ?? '') : '',
    purchasedAt,
    priority: owner ? (isPriority(row.priority) ? row.priority : PRIORITY_DEFAULT) : null,
    dueDate: premiumDueDate(purchasedAt, nationOf(survey.country)),
  };
}
