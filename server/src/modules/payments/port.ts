import type { Locale, PaymentGateway } from '@portico/contracts';

// The payment port (issue 30 point 2): each gateway (VNPay, ZaloPay, MoMo) has one adapter that
// starts a payment (the address the person's browser goes to), reads the gateway's notification
// (VNPay's IPN, ZaloPay's callback, MoMo's IPN) and the browser's return with the gateway's own
// signature scheme, and answers a notification the way that gateway expects. The orders feature
// builds on this, never on a gateway's own shapes.

/** What the orders feature asks a gateway to take payment for. */
export type PaymentStart = {
  /** The attempt's reference, the gateway's id of this payment (made by `newReference`). */
  reference: string;
  /** Whole đồng. */
  amount: number;
  orderId: number;
  /** Plain ASCII: every gateway's signing agrees on it (VNPay's demos differ on other characters). */
  description: string;
  /** Where the gateway sends the browser back; and where it notifies the server. */
  returnUrl: string;
  notifyUrl: string;
  locale: Locale;
  /** The payer's IP address (VNPay asks for it). */
  ip: string;
};

/** A notification whose signature held. */
export type PaymentNotice = {
  reference: string;
  /** Whole đồng, as the gateway says it took. */
  amount: number;
  /** Paid, refused, or not final yet (MoMo's authorised-but-not-captured). */
  outcome: 'paid' | 'failed' | 'pending';
  /** The gateway's transaction id, and its result code, kept with the attempt. */
  transaction: string | null;
  resultCode: string;
};

/** How the server took a notification, for the gateway's expected answer. */
export type NoticeOutcome = 'confirmed' | 'already' | 'not_found' | 'bad_amount' | 'bad_signature';

/** An HTTP answer to the gateway. */
export type GatewayAnswer = { status: number; body?: Record<string, unknown> };

/** The request as the server received it: the query string and the parsed body. */
export type GatewayRequest = { query: Record<string, unknown>; body: unknown };

export interface PaymentAdapter {
  readonly gateway: PaymentGateway;
  /** A new reference in the form this gateway takes (unique: the store's unique key holds it). */
  newReference(now: Date): string;
  /** The address to send the browser to; throws payment_gateway_failed when the gateway refuses or is away. */
  start(payment: PaymentStart): Promise<string>;
  /** The notification, or undefined when it is not one of this gateway's or its signature does not hold. */
  readNotice(request: GatewayRequest): PaymentNotice | undefined;
  /** The reference the browser's return speaks of, when its signature holds (the state is never read from it). */
  readReturn(query: Record<string, unknown>): string | undefined;
  /** The answer this gateway expects for a notification taken this way. */
  answer(outcome: NoticeOutcome): GatewayAnswer;
  /**
   * Asks the gateway how a payment stands, for a gateway that notifies only a payment made
   * (ZaloPay): its answer settles a refusal the notification never brings. Undefined when the
   * gateway could not say (away, or its answer not one of its own).
   */
  query?(reference: string): Promise<PaymentNotice | undefined>;
}
