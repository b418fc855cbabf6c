import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../src/shared/contract/common';
import {
  Checkout,
  CheckoutCreate,
  CheckoutIdParams,
  OrderIdParams,
  OrderStatus,
  PaymentMethodQuery,
  Purchase,
  PurchaseCreate,
  PurchaseList,
  PurchaseQuery,
  StoredPaymentMethod,
} from '../../src/shared/contract/subscription';
import { ApiRequestError, badRequest, conflict, notFound } from '../api/errors';
import { assertSelf, requireVisitor, visitorOf } from '../auth/visitor-credential';
import type { Store } from '../db/open';
import type { CheckoutRow, ProductRow } from '../db/schema';
import type { RateLimits } from '../rate-limits';
import { closeCheckout, createCheckout, findCheckout, orderStatus, payCheckout, toCheckout, type CheckoutOpening } from './checkout-orders';
import type { OwnedOffer } from './offer-ownership';
import { orderIdReused } from './order-replay';
import { createPurchase, listPurchases, storedPaymentMethod, toPurchase, type PurchaseOutcome } from './purchase-orders';
import { ALREADY_SUBSCRIBED } from './subscription-orders';
import { checkoutPagePolicy, messagePage, renderCheckoutPage, renderMissingCheckoutPage, type CheckoutPageView } from './checkout-page';
import { DEFAULT_RETURN_PATHS, isAllowedReturnUrl, type ReturnUrlRules } from './is-allowed-return-url';
import { decidePayment, describeStoredMethod, type PaymentForm } from './sandbox-payment';
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from '../db/busy';

/** How the sandbox checkout is configured. */
export interface CheckoutOptions {
  /** Origins of the app besides the server's own that return URLs may name (APP_ORIGINS). */
  appOrigins?: readonly string[];
  /** The app's pages a checkout may return to; default DEFAULT_RETURN_PATHS. */
  returnPaths?: readonly string[];
}

const RETURN_URL_FIELDS = ['successUrl', 'errorUrl', 'cancelUrl'] as const;
const CHECKOUT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const FORM_FIELDS = new Set(['cardName', 'cardNumber', 'expiry', 'cvc', 'paypalEmail', 'password']);
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const FORM_VALUE_MAX_LENGTH = 256;

/**
 * The sandbox hosted checkout and one-click offer purchases, inside the subscription server's scope:
 * JSON endpoints for the browser (start a checkout, read it, buy an offer, list purchases) and the HTML
 * pages that stand in for maxpay and PayPal (show, pay, cancel).
 */
export async function checkoutRoutes(scope: FastifyInstance, options: CheckoutOptions & { store: Store; limits: RateLimits }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = options;
  const { db } = store;
  const rules: ReturnUrlRules = { origins: options.appOrigins ?? [], paths: options.returnPaths ?? DEFAULT_RETURN_PATHS };
  const pagePath = (id: string) => `${scope.prefix}/checkout/${id}`;

  app.post('/checkout/sessions', {
    schema: { body: CheckoutCreate, response: { 200: Checkout, 201: Checkout, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError } },
    // Counted once a request is valid and the visitor's own (the limiter runs after this preHandler): what is
    // limited is opening checkouts, and a burst of refused return URLs opens none.
    preHandler: async (request) => {
      // A checkout is the visitor's own: it names their session, and its payment will be theirs.
      assertSelf(requireVisitor(request), request.body.usid, 'usid');
      for (const name of RETURN_URL_FIELDS) {
        if (!isAllowedReturnUrl(request.body[name], rules)) {
          throw badRequest(`${name} must be one of the app's return pages (${rules.paths.join(', ')}) on the app's own origin, with an optional query string`, name);
        }
      }
    },
    config: { rateLimit: { ...options.limits.checkouts, hook: 'preHandler' } },
    handler: async (request, reply) => {
      const opening = await createCheckout(store, request.body);
      if (!opening.ok) throw checkoutRefused(opening, request.body);
      const { created, row } = opening;
      reply.header('cache-control', 'no-store');
      return reply.code(created ? 201 : 200).send(toCheckout(row, pagePath(row.id)));
    },
  });

  app.get('/checkout/sessions/:id', {
    schema: { params: CheckoutIdParams, response: { 200: Checkout, 400: ApiError, 401: ApiError, 404: ApiError } },
    handler: async (request, reply) => {
      const visitor = requireVisitor(request);
      const row = await findCheckout(db, request.params.id);
      if (!row || row.usid !== visitor) throw notFound('No checkout has this id.');
      reply.header('cache-control', 'no-store');
      return toCheckout(row, pagePath(row.id));
    },
  });

  app.post('/purchases', {
    schema: { body: PurchaseCreate, response: { 200: Purchase, 201: Purchase, 400: ApiError, 401: ApiError, 402: ApiError, 403: ApiError, 404: ApiError, 409: ApiError } },
    handler: async (request, reply) => {
      assertSelf(requireVisitor(request), request.body.usid, 'usid');
      const outcome = await createPurchase(store, request.body);
      if (!outcome.ok) throw purchaseRefused(outcome, request.body);
      const { created, row } = outcome;
      reply.header('cache-control', 'no-store');
      return reply.code(created ? 201 : 200).send(toPurchase(row));
    },
  });

  app.get('/purchases', {
    schema: { querystring: PurchaseQuery, response: { 200: PurchaseList, 400: ApiError, 401: ApiError } },
    handler: async (request, reply) => {
      const visitor = requireVisitor(request);
      reply.header('cache-control', 'no-store');
      return (await listPurchases(db, visitor, request.query.project)).map(toPurchase);
    },
  });

  app.get('/payment-method', {
    schema: { querystring: PaymentMethodQuery, response: { 200: StoredPaymentMethod, 400: ApiError, 401: ApiError, 404: ApiError } },
    handler: async (request, reply) => {
      // What the one-click buy button names ("with card •••• 4242"): the method POST /purchases would charge.
      const { project, provider } = request.query;
      const stored = await storedPaymentMethod(db, requireVisitor(request), project, provider);
      const method = stored && describeStoredMethod(provider, stored.paymentMethod);
      if (!method) throw new ApiRequestError(404, `No stored ${provider} payment method for this visitor.`, 'payment');
      reply.header('cache-control', 'no-store');
      return method;
    },
  });

  app.get('/orders/:orderId', {
    schema: { params: OrderIdParams, response: { 200: OrderStatus, 400: ApiError, 401: ApiError, 404: ApiError } },
    handler: async (request, reply) => {
      // A payment return page says what is true of its order; a forged or foreign order id learns nothing.
      const status = await orderStatus(db, requireVisitor(request), request.params.orderId);
      if (!status) throw notFound('This visitor has no order with this id.');
      reply.header('cache-control', 'no-store');
      return status;
    },
  });

  // The hosted pages: HTML, and their form is x-www-form-urlencoded. In their own scope so that no other
  // route of the API accepts a form body.
  await scope.register(async (pages) => {
    const policy = checkoutPagePolicy(rules.origins);
    const sendPage = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', policy)
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    const redirect = (reply: FastifyReply, location: string) => reply.code(303).header('cache-control', 'no-store').header('location', location).send();

    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
    });
    pages.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      // A database another process has locked: nothing was done, the payment can be sent again in a moment.
      if (isDatabaseBusy(error)) {
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        return sendPage(reply, 503, messagePage('Please try again in a moment', 'We could not take the payment just now, and nothing was charged. Go back and press pay again in a moment.'));
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'checkout page failed');
      const message =
        status === 415
          ? 'The payment form must be sent by the checkout page itself.'
          : status === 413
            ? 'The payment form was too large.'
            : status >= 500
              ? 'Something went wrong. Go back to the app and try again; you will not be charged twice.'
              : error.message;
      return sendPage(reply, status, messagePage(status >= 500 ? 'Something went wrong' : 'This request cannot be used', message));
    });

    async function load(id: string): Promise<{ row: CheckoutRow; product: ProductRow } | undefined> {
      if (!CHECKOUT_ID.test(id)) return undefined;
      const row = await findCheckout(db, id);
      if (!row) return undefined;
      const product = await db.selectFrom('products').selectAll().where('product_id', '=', row.product_id).executeTakeFirstOrThrow();
      return { row, product };
    }

    function pageView(row: CheckoutRow, product: ProductRow, extra: Pick<CheckoutPageView, 'error' | 'values'> = {}): CheckoutPageView {
      return {
        provider: row.provider,
        merchant: merchantName(row.project),
        product: {
          name: product.name,
          type: product.type,
          priceCents: product.price_cents,
          trialPriceCents: product.trial_price_cents ?? 0,
          trialDuration: product.trial_duration,
          subscriptionDuration: product.subscription_duration,
        },
        amountCents: row.amount_cents,
        status: row.status,
        declineReason: row.decline_reason,
        paymentMethod: row.payment_method,
        payAction: `${pagePath(row.id)}/pay`,
        cancelHref: `${pagePath(row.id)}/cancel`,
        returnHref: outcomeUrl(row),
        ...extra,
      };
    }

    pages.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
      const loaded = await load(request.params.id);
      if (!loaded) return sendPage(reply, 404, renderMissingCheckoutPage());
      return sendPage(reply, 200, renderCheckoutPage(pageView(loaded.row, loaded.product)));
    });

    pages.post<{ Params: { id: string }; Body: PaymentForm | undefined }>('/checkout/:id/pay', async (request, reply) => {
      const loaded = await load(request.params.id);
      if (!loaded) return sendPage(reply, 404, renderMissingCheckoutPage());
      const { row, product } = loaded;
      // A refresh, a second click or a late resubmit: nothing more happens, the visitor goes where the first went.
      if (row.status !== 'open') return redirect(reply, outcomeUrl(row));
      const form = request.body ?? {};
      const decision = decidePayment(row.provider, form);
      if (decision.outcome === 'invalid') {
        const values = { cardName: form.cardName, expiry: form.expiry, paypalEmail: form.paypalEmail };
        return sendPage(reply, 400, renderCheckoutPage(pageView(row, product, { error: { field: decision.field, message: decision.message }, values })));
      }
      if (decision.outcome === 'declined') {
        await closeCheckout(store, row.id, 'declined', 'declined');
      } else {
        // Whose browser pays (the page is ours in the sandbox, so the visitor's credential comes with the form).
        const payer = visitorOf(request);
        const payment = await payCheckout(store, row.id, decision.paymentMethod, payer);
        // Nothing was taken: the checkout is declined, and its error page tells the buyer they already have it.
        if (!payment.ok && payment.reason === 'alreadyPurchased') await closeCheckout(store, row.id, 'declined', 'already_purchased');
      }
      // Whoever won (this request or a concurrent one), the checkout now has its final status.
      return redirect(reply, outcomeUrl((await findCheckout(db, row.id)) ?? row));
    });

    pages.get<{ Params: { id: string } }>('/checkout/:id/cancel', async (request, reply) => {
      const loaded = await load(request.params.id);
      if (!loaded) return sendPage(reply, 404, renderMissingCheckoutPage());
      if (loaded.row.status === 'open') await closeCheckout(store, loaded.row.id, 'cancelled');
      return redirect(reply, outcomeUrl((await findCheckout(db, loaded.row.id)) ?? loaded.row));
    });
  });
}

/** The JSON answer to a refused checkout: its status, message and field. */
function checkoutRefused(refusal: Exclude<CheckoutOpening, { ok: true }>, order: CheckoutCreate): ApiRequestError {
  switch (refusal.reason) {
    case 'noProduct':
      return notFound(`No product ${order.productId} for project ${order.project} and provider ${order.provider}.`);
    case 'orderIdReused':
      return orderIdReused();
    case 'concurrentOrder':
      return concurrentOrder();
    case 'alreadySubscribed':
      return conflict(ALREADY_SUBSCRIBED, 'productId');
    case 'subscribedToProduct':
      return conflict('This email already has an active subscription to this product.', 'productId');
    case 'owned':
      return alreadyOwned(refusal.charge, 'product');
  }
}

/** The JSON answer to a refused one-click purchase: its status, message and field. */
function purchaseRefused(refusal: Exclude<PurchaseOutcome, { ok: true }>, order: PurchaseCreate): ApiRequestError {
  switch (refusal.reason) {
    case 'noOffer':
      return notFound(`No offer ${order.productId} for project ${order.project} and provider ${order.provider}.`);
    case 'orderIdReused':
      return orderIdReused();
    case 'concurrentOrder':
      return concurrentOrder();
    case 'noStoredPayment':
      return new ApiRequestError(402, `No stored ${order.provider} payment method for this visitor: pay through the hosted checkout first.`, 'payment');
    case 'notPayersEmail':
      return new ApiRequestError(403, 'email must be the address this visitor paid for.', 'email');
    case 'owned':
      return alreadyOwned(refusal.charge, 'offer');
  }
}

/** An order that lost a race on a unique key, which the checks before it could not see: a 409, not a 500. */
function concurrentOrder(): ApiRequestError {
  return conflict('This order conflicts with another one made at the same time; try again.', 'orderId');
}

/** The 409 on productId of an offer the buyer already owns; `noun` names what was asked for ("offer", "product"). */
function alreadyOwned(charge: OwnedOffer, noun: string): ApiRequestError {
  switch (charge.how) {
    case 'through':
      return conflict(`This email already has this ${noun}: it is part of ${charge.bundle}, which this email bought.`, 'productId');
    case 'contents':
      return conflict(`This email already has everything this ${noun} contains.`, 'productId');
    default:
      return conflict(`This email has already bought this ${noun}.`, 'productId');
  }
}

/** Where a checkout sends its visitor now: its return URL for its status, with the outcome in the query. */
function outcomeUrl(row: CheckoutRow): string {
  switch (row.status) {
    case 'paid':
      return withParams(row.success_url, { payment: 'true', order: row.order_id });
    case 'declined':
      return withParams(row.error_url, { payment: 'true', reason: row.decline_reason ?? 'declined' });
    default:
      // open (the page's own cancel link) or cancelled
      return withParams(row.cancel_url, { payment: 'cancelled' });
  }
}

/** The allowed return URL with `params` set in its query (replacing any of the same name); stays relative if it was. */
export function withParams(url: string, params: Record<string, string>): string {
  const base = 'https://own-origin.invalid';
  const parsed = new URL(url, base);
  for (const [name, value] of Object.entries(params)) parsed.searchParams.set(name, value);
  return parsed.origin === base ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

/** "astrelle" → "Astrelle", "food-mentor" → "Food Mentor". */
function merchantName(project: string): string {
  return project
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The known fields of a posted form, first value of each, cut to a sane length. */
function parseForm(text: string): PaymentForm {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (FORM_FIELDS.has(name) && !Object.hasOwn(form, name)) form[name] = value.slice(0, FORM_VALUE_MAX_LENGTH);
  }
  return form;
}
