/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served to the browser by a request
 * route, since Stripe's servers are out of reach here. It implements what @stripe/react-stripe-js
 * and our card forms call: Stripe(pk), elements({ clientSecret } or { mode, amount, currency }), the payment and address
 * elements (plain inputs where Stripe has its own frames), elements.submit() and
 * confirmPayment(), which confirms the intent at https://api.stripe.com with the publishable key
 * and client secret as Stripe.js does; the journeys route that address to the API stand-in.
 *
 * It runs in the page: it is sent as `(${stripeJsStandIn})()`, so it may use nothing from this
 * module's scope.
 */
export function stripeJsStandIn(): void {
  type Handler = (event: unknown) => void;
  interface Field {
    label: string;
    name: string;
    optional?: boolean;
  }
  const FIELDS: Record<string, Field[]> = {
    payment: [
      { label: 'Card number', name: 'number' },
      { label: 'Expiry date', name: 'exp' },
      { label: 'Security code', name: 'cvc' },
    ],
    address: [
      { label: 'Full name', name: 'name' },
      { label: 'Address line 1', name: 'line1' },
      { label: 'Town or city', name: 'city' },
      { label: 'Postcode', name: 'postal_code' },
      { label: 'Phone number (optional)', name: 'phone', optional: true },
    ],
  };

  function Stripe(publishableKey: string) {
    let clientSecret = '';
    const mounted = new Map<string, HTMLElement>();
    const valueOf = (type: string, name: string) =>
      mounted.get(type)?.querySelector<HTMLInputElement>(`input[name="${type}-${name}"]`)?.value.trim() ?? '';

    const element = (type: string) => {
      const handlers = new Map<string, Handler[]>();
      const emit = (name: string, event: unknown) => (handlers.get(name) ?? []).forEach((h) => h(event));
      return {
        mount(target: HTMLElement | string) {
          const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target)! : target;
          for (const field of FIELDS[type] ?? []) {
            const label = document.createElement('label');
            label.textContent = field.label;
            const input = document.createElement('input');
            input.name = `${type}-${field.name}`;
            input.addEventListener('input', () => emit('change', { elementType: type, complete: true, empty: false }));
            label.appendChild(input);
            node.appendChild(label);
          }
          mounted.set(type, node);
          setTimeout(() => emit('ready', { elementType: type }), 0);
        },
        on(name: string, handler: Handler) {
          handlers.set(name, [...(handlers.get(name) ?? []), handler]);
        },
        off(name: string, handler?: Handler) {
          handlers.set(name, handler ? (handlers.get(name) ?? []).filter((h) => h !== handler) : []);
        },
        once(name: string, handler: Handler) {
          handlers.set(name, [...(handlers.get(name) ?? []), handler]);
        },
        update() {},
        focus() {},
        blur() {},
        clear() {},
        unmount() {
          mounted.get(type)?.replaceChildren();
          mounted.delete(type);
        },
        destroy() {
          this.unmount();
        },
      };
    };

    const elements = {
      create: (type: string) => element(type),
      getElement: () => null,
      update() {},
      fetchUpdates: () => Promise.resolve({}),
      // Stripe checks its own fields before the form sends anything.
      submit(): Promise<{ error?: { type: string; message: string } }> {
        for (const [type, fields] of Object.entries(FIELDS)) {
          if (!mounted.has(type)) continue;
          const missing = fields.find((f) => !f.optional && !valueOf(type, f.name));
          if (missing)
            return Promise.resolve({ error: { type: 'validation_error', message: `Your ${missing.label.toLowerCase()} is incomplete.` } });
        }
        return Promise.resolve({});
      },
    };

    // Present because @stripe/react-stripe-js checks for them; our forms use confirmPayment only.
    const notInStandIn = (name: string) => () => Promise.reject(new Error(`${name} is not part of the Stripe.js stand-in`));
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken: notInStandIn('createToken'),
      createPaymentMethod: notInStandIn('createPaymentMethod'),
      confirmCardPayment: notInStandIn('confirmCardPayment'),
      elements(options: { clientSecret?: string; mode?: string; amount?: number }) {
        clientSecret = options?.clientSecret ?? '';
        return elements;
      },
      async confirmPayment(args: {
        // Given here when the payment is made on submit (Elements made with mode 'payment'), else Elements had it.
        clientSecret?: string;
        confirmParams?: { return_url?: string; payment_method_data?: { billing_details?: { email?: string } } };
        redirect?: 'always' | 'if_required';
      }) {
        const checked = await elements.submit();
        if (checked.error) return checked;
        clientSecret = args.clientSecret ?? clientSecret;
        const intentId = clientSecret.split('_secret_')[0];
        const form = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': valueOf('payment', 'number'),
          'payment_method_data[billing_details][email]': args.confirmParams?.payment_method_data?.billing_details?.email ?? '',
          return_url: args.confirmParams?.return_url ?? '',
        });
        const res = await fetch(`https://api.stripe.com/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: form });
        const answer = (await res.json()) as { status?: string; error?: { type: string; message: string } };
        if (answer.error) return { error: answer.error };
        if (args.redirect === 'if_required') return { paymentIntent: answer };
        const back = new URL(args.confirmParams?.return_url ?? '/', window.location.href);
        back.searchParams.set('payment_intent', intentId);
        back.searchParams.set('payment_intent_client_secret', clientSecret);
        back.searchParams.set('redirect_status', answer.status === 'succeeded' ? 'succeeded' : 'failed');
        window.location.assign(back.toString());
        return new Promise(() => undefined); // the page is leaving
      },
    };
  }
  // @stripe/stripe-js compares this with the release it was built for.
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}
