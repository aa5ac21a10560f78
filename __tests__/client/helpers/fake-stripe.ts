/**
 * A stand-in for the Stripe.js object at the SDK boundary (loadStripe is mocked to answer it):
 * enough for @stripe/react-stripe-js's Elements, PaymentElement and AddressElement to mount, with
 * elements.submit() and confirmPayment answered per test. One per test file, reset before each test.
 */
export interface FakeStripe {
  loadedWith: string[];
  elementsOptions: unknown[];
  confirmCalls: {
    clientSecret?: string;
    confirmParams?: { return_url?: string; payment_method_data?: { billing_details?: { email?: string } } };
  }[];
  submitAnswer: { error?: { message: string } };
  confirmAnswer: { error?: { message: string } };
  stripe: Record<string, unknown>;
  /** Forgets what earlier tests did: the page keeps one Stripe object per key for its life, so a file shares one fake. */
  reset(): void;
}

export function fakeStripe(): FakeStripe {
  const fake: FakeStripe = {
    loadedWith: [],
    elementsOptions: [],
    confirmCalls: [],
    submitAnswer: {},
    confirmAnswer: {},
    stripe: {},
    reset() {
      for (const list of [fake.loadedWith, fake.elementsOptions, fake.confirmCalls]) list.length = 0;
      fake.submitAnswer = {};
      fake.confirmAnswer = {};
    },
  };
  const element = (type: string) => ({
    mount(node: HTMLElement) {
      const marker = document.createElement('div');
      marker.setAttribute('data-testid', `stripe-${type}`);
      node.appendChild(marker);
    },
    on: () => undefined,
    off: () => undefined,
    update: () => undefined,
    destroy: () => undefined,
  });
  const elements = {
    create: (type: string) => element(type),
    getElement: () => null,
    update: () => undefined,
    submit: () => Promise.resolve(fake.submitAnswer),
    fetchUpdates: () => Promise.resolve({}),
  };
  fake.stripe = {
    elements: (options: unknown) => {
      fake.elementsOptions.push(options);
      return elements;
    },
    createToken: () => Promise.resolve({}),
    createPaymentMethod: () => Promise.resolve({}),
    confirmCardPayment: () => Promise.resolve({}),
    confirmPayment: (args: FakeStripe['confirmCalls'][number]) => {
      fake.confirmCalls.push(args);
      return Promise.resolve(fake.confirmAnswer);
    },
    _registerWrapper: () => undefined,
    registerAppInfo: () => undefined,
  };
  return fake;
}
