// What Google Play and the App Store do with a Pro subscription, as their own help pages and
// terms state it (checked 2026-11), and the consumer law that applies to it. These are the
// stores' facts, not the operator's: when a store renames a menu or changes a rule, change it
// here and every help text that states it follows. The operator's own choices about Pro
// (Family Sharing, Pro on both platforms) are in config/app-facts.ts.

/** The stores' menus and pages where a member manages or reports a purchase. */
export const storePlaces = {
  /** Google Play's list of a Google account's subscriptions (cancel, fix payment, change plan). */
  googlePlaySubscriptions: {
    en: 'Play Store › profile icon › Payments & subscriptions › Subscriptions',
    it: 'Play Store › icona del profilo › Pagamenti e abbonamenti › Abbonamenti',
  },
  /** Where an iPhone lists the subscriptions of its Apple Account. */
  appleSubscriptions: {
    en: 'Settings › your name › Subscriptions',
    it: 'Impostazioni › il tuo nome › Abbonamenti',
  },
  /** Where an iPhone keeps the payment method of its Apple Account (a failed renewal is fixed there). */
  applePayment: {
    en: 'Settings › your name › Payment & Shipping',
    it: 'Impostazioni › il tuo nome › Pagamento e spedizione',
  },
  /** Google Play's order history, where a buyer asks Google for a refund. */
  googlePlayOrders: 'play.google.com/store/account/orderhistory',
  /** The domain of the addresses Apple's Hide My Email makes for Sign in with Apple. */
  appleRelayDomain: 'privaterelay.appleid.com',
  /** Apple's page for asking Apple for a refund; only Apple refunds App Store purchases. */
  appleRefunds: 'reportaproblem.apple.com',
  /** Where Google Play redeems a promo code (a Pro offer given out as a code). */
  googlePlayRedeem: 'play.google.com/redeem',
  /** Where an iPhone redeems an App Store offer code. */
  appleRedeem: {
    en: 'App Store › your photo at the top › Redeem Gift Card or Code',
    it: 'App Store › la tua foto in alto › Riscatta carta regalo o codice',
  },
} as const;

export const storeRules = {
  /**
   * Google Play: within this many hours of a purchase a buyer may ask Google for a refund;
   * after that Google sends them to the developer, who can refund (and cancel) the order in
   * the Play Console.
   */
  googlePlayRefundHours: 48,
  /** App Store: a subscription renews unless it is cancelled at least this many hours before the period ends. */
  appleCancelBeforeHours: 24,
} as const;

/**
 * A consumer's right to withdraw from a contract made online, in days from the purchase
 * (Codice del consumo art. 52; Directive 2011/83/EU). Pro is a service paid by subscription:
 * a member who asked for it to start at once and then withdraws pays for the days they had it
 * (art. 57(3)) and gets the rest back.
 */
export const withdrawalDays = 14;

/** Days within which a withdrawing consumer is refunded, from their withdrawal (art. 56). */
export const withdrawalRefundDays = 14;

/**
 * Days a member has to end Pro at no cost after a change that reduces it in more than a minor
 * way, from the change or its notice, whichever is later (Directive (EU) 2019/770 art. 19).
 */
export const reducedServiceEndDays = 30;
