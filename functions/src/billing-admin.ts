// The company's billing steps, for scripts/admin/billing-admin.mjs (built beside the functions into
// lib/billing-admin.js, so the script and the functions share one rule for what a payment buys).
export { initializeApp } from './admin';
export { openFirestore } from './admin';
export { markOrderPaid, openOrders, paymentProblem } from './orders';
export { centsFromRand, formatCents, RAND_AMOUNT_MESSAGE } from '../../src/domain/money';
export { orderItem } from '../../src/domain/billing';
