import type { GuideEntry } from './guide-entry';

/** How the home is heated and its water warmed. */
export const HEATING_GUIDES = {
  'heating-controls': {
    title: 'Heating controls',
    what:
      'Controls let the heating run only when and where it is needed: a programmer or timer sets when it comes on, a room thermostat switches it off once the home is warm enough, ' +
      'and thermostatic radiator valves (TRVs) set the temperature of each room.',
    involves:
      'A heating engineer fits the controls that are missing: a room thermostat, wired or wireless and often combined with a programmer or a smart control, TRVs on the radiators and, ' +
      'where needed, the wiring that lets the boiler switch off when no heat is wanted. It usually takes a day, with little disruption.',
    cost: { lowPence: 15_000, highPence: 60_000, note: ', depending on how many radiators need valves and the kind of thermostat chosen.' },
    changes: 'Less fuel spent heating an empty home or rooms that are already warm enough, and steadier, more comfortable temperatures.',
  },
  boiler: {
    title: 'Condensing boiler',
    what:
      'A new condensing boiler or heating unit in place of the present heating. A condensing boiler recovers heat from its exhaust gases that an older boiler sends up the flue, ' +
      'so around 90% of its fuel becomes heat for the home, against 60% to 80% for many older boilers.',
    involves:
      'A Gas Safe registered engineer (for oil, an OFTEC registered technician) takes out the old appliance, fits the new one with its flue and condensate drain, cleans the system ' +
      'and adds a filter, usually in one to three days. Where the home has no radiators yet, pipework and radiators are fitted too, which takes longer.',
    cost: {
      lowPence: 200_000,
      highPence: 400_000,
      note: 'to replace a gas boiler; more for oil, or where radiators and pipework have to be added.',
    },
    changes:
      'Lower fuel bills and lower carbon dioxide emissions for the same warmth. A new boiler still burns fossil fuel; a heat pump is worth comparing, and grants for heat pumps are available in many areas.',
  },
  'storage-heaters': {
    title: 'Electric storage heaters',
    what:
      'Storage heaters charge up with cheaper off-peak electricity overnight and give out the heat through the day. Modern high heat retention heaters are better insulated and ' +
      'controlled by a thermostat and timer, so they hold their heat until it is wanted instead of losing most of it by the afternoon.',
    involves:
      'An electrician replaces the old heaters, usually in a day. The recommendation may include a dual immersion hot water cylinder and an off-peak electricity meter and tariff ' +
      '(such as Economy 7), so that both heating and hot water use cheaper electricity.',
    cost: { lowPence: 60_000, highPence: 120_000, note: 'per heater fitted, so a few thousand pounds for a home.' },
    changes: 'Lower electricity bills and more control over when heat is given out, with rooms warm in the evening as well as the morning.',
  },
  'heat-pump': {
    title: 'Heat pump',
    what:
      'An air source heat pump takes heat from the outside air, and a ground source heat pump from pipes buried in the ground, and uses electricity to raise it to a temperature ' +
      'that heats radiators and hot water. It gives around three units of heat for each unit of electricity it uses.',
    involves:
      'An air source unit stands outside against a wall or on the ground, with a hot water cylinder indoors; some radiators may be enlarged because the pump heats water to a lower ' +
      'temperature than a boiler. A ground source system needs trenches or a borehole. An MCS certified installer designs it from a room-by-room heat loss calculation; insulating first makes it cheaper to run.',
    cost: {
      lowPence: 800_000,
      highPence: 1_500_000,
      note:
        'for an air source heat pump and £20,000 or more for ground source, before grants. In England and Wales the Boiler Upgrade Scheme pays £7,500 ' +
        'towards either; in Scotland, Home Energy Scotland offers grants and loans.',
    },
    changes:
      'Much lower carbon dioxide emissions, usually a large rise in the environmental impact rating, and no gas or oil burnt at home. Running costs depend on electricity prices and how well the home is insulated.',
  },
  'hot-water': {
    title: 'Hot water cylinder insulation',
    what: 'A hot water cylinder loses heat through its sides all day. A thicker insulating jacket, or a cylinder with factory-applied foam, keeps the water hot for longer.',
    involves:
      'A jacket is wrapped around the cylinder and tied in place, a quick job most people can do themselves; the hot pipes leaving the cylinder should be lagged as well.',
    cost: { lowPence: 1_500, highPence: 3_000, note: 'for a jacket; pipe lagging costs a few pounds a metre.' },
    changes: 'Less energy spent keeping water hot, and a cooler airing cupboard.',
  },
} satisfies Record<string, GuideEntry>;

const BIOMASS: GuideEntry = {
  title: 'Biomass heating',
  what:
    'A boiler, or a stove with a back boiler, that burns wood pellets, chips or logs to heat radiators and hot water. Wood from sustainable sources gives off far less carbon dioxide ' +
    'over its life than oil, gas or coal.',
  involves:
    'It needs room for the boiler, a dry store for the fuel, a suitable flue and regular fuel deliveries, with ash to empty and a yearly service. In a smoke control area only ' +
    'appliances approved (exempted) for use there may be fitted. A certified installer checks the flue and the space.',
  cost: { lowPence: 1_000_000, highPence: 2_000_000, note: 'for a biomass boiler; a pellet stove with a back boiler costs less.' },
  changes:
    "A large cut in the home's carbon dioxide emissions and a higher environmental impact rating. Running costs depend on the price of fuel and the time given to tending it.",
};

const HEAT_PUMP_UNDERFLOOR: GuideEntry = {
  ...HEATING_GUIDES['heat-pump'],
  title: 'Heat pump with underfloor heating',
  involves:
    'The heat pump is fitted as described for any heat pump, and the heat is delivered through pipes laid under the floors, which suit its lower water temperatures but mean ' +
    'lifting or relaying floors. An MCS certified installer designs the system from a room-by-room heat loss calculation.',
};

/** Improvement numbers whose work differs from the rest of their kind. */
export const HEATING_GUIDES_BY_NUMBER: Record<number, GuideEntry> = {
  16: {
    ...HEATING_GUIDES['heating-controls'],
    title: 'Zone control',
    what: 'Zone control divides the home into areas, for example living rooms and bedrooms, each with its own times and temperature, so they can be heated differently.',
    involves:
      'A heating engineer fits a motorised valve on the pipework of each zone with a programmable thermostat for each, or smart radiator valves that do the same without new pipework.',
    cost: { lowPence: 40_000, highPence: 100_000, note: ', less with smart radiator valves on an existing system.' },
  },
  22: BIOMASS,
  23: BIOMASS,
  39: BIOMASS,
  54: BIOMASS,
  50: {
    title: 'Flue gas heat recovery',
    what: 'A small device on the flue of a gas combination boiler that captures heat from the exhaust gases and uses it to warm the incoming cold water, so less gas heats the hot water.',
    involves: 'A Gas Safe registered engineer fits it, usually with a new boiler; some boilers have it built in.',
    cost: { note: 'Typically a few hundred pounds, less when it is fitted with a new boiler.' },
    changes: 'Less gas used for hot water, and lower bills and emissions.',
  },
  53: {
    title: 'Micro combined heat and power',
    what: 'A boiler-sized unit, usually running on mains gas, that generates electricity for the home while it heats it.',
    involves:
      'A certified installer fits it in place of the existing boiler. It works best in homes with a steady heat demand through the year.',
    cost: {
      note: 'Typically several thousand pounds more than a condensing boiler; few models are sold in the UK today, so ask installers about availability and servicing.',
    },
    changes: "Part of the home's electricity comes from the unit, lowering bills and emissions while it runs for long periods.",
  },
  52: HEAT_PUMP_UNDERFLOOR,
  76: HEAT_PUMP_UNDERFLOOR,
  4: {
    title: 'Hot water cylinder thermostat',
    what: 'A thermostat on the hot water cylinder switches off the heat once the water reaches the temperature set, usually about 60°C, so it is never heated more than needed.',
    involves: 'A heating engineer fits the thermostat to the cylinder and wires it to the heating controls, usually in a few hours.',
    cost: { lowPence: 20_000, highPence: 40_000, note: 'fitted.' },
    changes: 'Water no hotter than it needs to be and less fuel spent heating it, while keeping it hot enough to be safe from bacteria.',
  },
  49: {
    title: 'Shower heat recovery',
    what: 'A waste water heat recovery system takes heat from the warm water going down the shower drain and passes it to the cold water feeding the shower, so less heating is needed.',
    involves:
      'A heat exchanger is fitted in the waste pipe below the shower or under the shower tray; it is easiest when a bathroom is being refitted.',
    cost: { lowPence: 40_000, highPence: 100_000, note: 'fitted, less as part of a new bathroom.' },
    changes: 'Less energy used to heat water for showers, with no change to how the shower feels.',
  },
  70: {
    title: 'Water heating controls',
    what: 'Timing the hot water separately from the heating, with a thermostat on the cylinder, so water is heated only when it is needed.',
    involves:
      'A heating engineer fits a programmer with separate heating and hot water channels and, where needed, a motorised valve and a cylinder thermostat.',
    cost: { lowPence: 30_000, highPence: 60_000, note: '' },
    changes: 'Less fuel spent heating water that is not used, and hot water at the times you choose.',
  },
};
