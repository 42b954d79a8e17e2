import type { PaymentMethods, Transaction } from '@titans/shared/stars/schemas';
import { StarsDevInvoices } from './stars-dev-invoices.ts';
import { StarsInvoices } from './stars-invoices.ts';
import { StarsOrders, type StarsServiceDeps } from './stars-orders.ts';
import { StarsRefunds } from './stars-refunds.ts';
import { StarsTon } from './stars-ton.ts';
import { transactionsOf } from './stars-transactions.ts';

export {
  type PaymentAnomaly,
  type PaymentOutcome,
  PRE_CHECKOUT_REFUSAL_TEXTS,
  PRE_CHECKOUT_REFUSALS,
  type PreCheckout,
  paymentAnomaly,
  type SuccessfulPayment,
} from './stars-invoices.ts';
export type { StarsPaymentsApi, StarsServiceDeps } from './stars-orders.ts';
export type {
  RefundOptions,
  RefundOutcome,
  TelegramRefund,
  TelegramRefundOutcome,
  TelegramRefundResult,
} from './stars-refunds.ts';

/**
 * Stars packages and their sale (rules S1–S12 in docs/rules.md), one part per job: the packages
 * and orders (stars-orders.ts), Telegram Stars invoices and their payments (stars-invoices.ts),
 * TON payments verified on chain (stars-ton.ts), refunds by an operator or by Telegram (stars-refunds.ts) and the
 * transaction history (stars-transactions.ts). Every credit and debit goes through the
 * BalanceGateway. This is what the routes, the bot and the operator see.
 */
export class StarsService {
  readonly packages: StarsOrders['packages'];
  readonly package: StarsOrders['package'];
  readonly purchase: StarsOrders['purchase'];
  readonly purchaseByOrder: StarsOrders['purchaseByOrder'];
  readonly createInvoice: StarsInvoices['createInvoice'];
  readonly preCheckout: StarsInvoices['preCheckout'];
  readonly recordPayment: StarsInvoices['recordPayment'];
  readonly refund: StarsRefunds['refund'];
  readonly refundUnrecorded: StarsRefunds['refundUnrecorded'];
  readonly recordTelegramRefund: StarsRefunds['recordTelegramRefund'];
  readonly tonOrder: StarsTon['tonOrder'];
  readonly cryptoPurchase: StarsTon['cryptoPurchase'];
  readonly checkTonOrder: StarsTon['checkTonOrder'];
  readonly payDevelopmentInvoice: StarsDevInvoices['pay'];

  constructor(private readonly deps: StarsServiceDeps) {
    const orders = new StarsOrders(deps);
    const invoices = new StarsInvoices(deps, orders);
    const refunds = new StarsRefunds(deps);
    const ton = new StarsTon(deps, orders);
    const development = new StarsDevInvoices(orders, invoices);
    this.packages = () => orders.packages();
    this.package = (id) => orders.package(id);
    this.purchase = (userId, purchaseId) => orders.purchase(userId, purchaseId);
    this.purchaseByOrder = (userId, orderRef, packageId) =>
      orders.purchaseByOrder(userId, orderRef, packageId);
    this.createInvoice = (user, request) => invoices.createInvoice(user, request);
    this.preCheckout = (query) => invoices.preCheckout(query);
    this.recordPayment = (payment) => invoices.recordPayment(payment);
    this.refund = (chargeId, options) => refunds.refund(chargeId, options);
    this.refundUnrecorded = (telegramUserId, chargeId) => refunds.refundUnrecorded(telegramUserId, chargeId);
    this.recordTelegramRefund = (refund) => refunds.recordTelegramRefund(refund);
    this.tonOrder = (user, packageId) => ton.tonOrder(user, packageId);
    this.cryptoPurchase = (user, request) => ton.cryptoPurchase(user, request);
    this.checkTonOrder = (user, purchaseId) => ton.checkTonOrder(user, purchaseId);
    this.payDevelopmentInvoice = (user, purchaseId) => development.pay(user, purchaseId);
  }

  /** D-STARS-14: what can sell Stars here; the app offers only these. */
  paymentMethods(): PaymentMethods {
    const { payments, developmentInvoices = false, ton } = this.deps;
    return {
      stars: payments ? 'telegram' : developmentInvoices ? 'development' : null,
      ton: ton !== null,
    };
  }

  /** D-STARS-14: true only in development mode without a bot; the development routes exist only then. */
  get developmentInvoices(): boolean {
    return !this.deps.payments && (this.deps.developmentInvoices ?? false);
  }

  /** spec-a §3 "Transaction": Stars deals and marketplace purchases, newest first. */
  transactions(userId: string): Promise<Transaction[]> {
    return transactionsOf(this.deps.database, userId);
  }
}
