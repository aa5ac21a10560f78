import type { GuideEntry } from './guide-entry';

/** Lighting, energy generated at home, and what no category describes. */
export const GENERATION_GUIDES = {
  lighting: {
    title: 'Low energy lighting',
    what: 'LED bulbs give the same light as old filament or halogen bulbs for up to 80% less electricity, and last many years.',
    involves:
      'Replace the bulb in every fixed light fitting with an LED of the same cap type and a similar brightness. A few older dimmer switches and fittings need replacing to work with LEDs.',
    cost: { note: 'A few pounds per bulb.' },
    changes: 'Lower electricity bills and bulbs that rarely need changing.',
  },
  'solar-water': {
    title: 'Solar water heating',
    what: 'Solar thermal panels or tubes on the roof use the sun to heat water, feeding a twin-coil hot water cylinder that the boiler or immersion heater tops up when needed.',
    involves:
      'The collectors are fixed to a roof facing roughly south, east or west, with pipework to a new or adapted cylinder. It needs a hot water cylinder, so a home with a combination ' +
      'boiler needs one fitted. An MCS certified installer checks the roof and the system suit the home.',
    cost: { lowPence: 400_000, highPence: 600_000, note: '' },
    changes: 'Much of the hot water in summer and some through the rest of the year, cutting fuel use and carbon dioxide emissions.',
  },
  'solar-pv': {
    title: 'Solar photovoltaic (PV) panels',
    what: 'Solar panels on the roof turn daylight into electricity for the home; what the home does not use at the time is exported to the grid.',
    involves:
      'An MCS certified installer fixes the panels to a suitable roof, ideally facing south, east or west with little shade, fits an inverter, often in the loft, and connects it to the ' +
      'consumer unit. Scaffolding is up for a day or two. Most home systems need no planning permission, but listed buildings and some conservation areas do.',
    cost: { lowPence: 400_000, highPence: 800_000, note: ', depending on the size of the system.' },
    changes:
      'Lower electricity bills, payment for the electricity exported (in Great Britain under the Smart Export Guarantee), and a higher energy rating.',
  },
  wind: {
    title: 'Wind turbine',
    what: 'A small wind turbine generates electricity for the home from the wind.',
    involves:
      'A turbine only works well on an exposed site with strong, steady wind, clear of buildings and trees, so an MCS certified installer should assess the wind first. ' +
      'Pole-mounted turbines need planning permission in most cases, as do many mounted on buildings.',
    cost: { note: 'From a few thousand pounds for a small turbine on a building to £20,000 or more for a pole-mounted one.' },
    changes: 'Electricity for the home, and payment for what is exported, on a windy enough site.',
  },
  other: {
    title: 'Recommended improvement',
    what: 'An improvement recommended for your home in its energy survey, as named above.',
    involves:
      'Ask your assessor or a qualified installer what it involves in your home: the work needed, how long it takes, and whether it needs building regulations approval or planning permission.',
    cost: {
      note: 'Costs vary with the home and the products chosen; written quotes from two or three installers give a firm figure to set against the indicative cost above.',
    },
    changes:
      "The points it adds to your home's ratings are shown above: the survey's estimate of its effect on running costs and emissions.",
  },
} satisfies Record<string, GuideEntry>;

/** Improvement numbers whose work differs from the rest of their kind. */
export const GENERATION_GUIDES_BY_NUMBER: Record<number, GuideEntry> = {
  72: {
    title: 'Solar PV battery',
    what: 'A home battery stores the electricity your solar panels generate during the day for use in the evening, instead of exporting it.',
    involves:
      'An installer fits the battery indoors or outside, with its own or a hybrid inverter, connected to the solar system and the consumer unit, usually in a day.',
    cost: { lowPence: 250_000, highPence: 600_000, note: ', depending on its capacity.' },
    changes: 'More of your own solar electricity used at home, and lower bills.',
  },
  73: {
    title: 'Solar PV diverter',
    what: 'A PV diverter sends spare solar electricity to the immersion heater in your hot water cylinder instead of exporting it.',
    involves: 'An electrician fits a small unit beside the consumer unit and wires it to the immersion heater, in a few hours.',
    cost: { lowPence: 30_000, highPence: 80_000, note: 'fitted.' },
    changes: 'Hot water heated by spare solar power on sunny days, so less fuel goes into heating water.',
  },
};
