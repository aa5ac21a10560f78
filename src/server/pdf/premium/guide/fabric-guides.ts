import type { GuideEntry } from './guide-entry';

/** The building's shell: roof, walls, floors, windows, doors and draughts. */
export const FABRIC_GUIDES = {
  loft: {
    title: 'Loft insulation',
    what:
      'A thick layer of insulation laid across the loft floor, between and over the ceiling joists, so that less heat escapes through the roof. ' +
      'An uninsulated roof can lose around a quarter of the heat of a home; the depth recommended today for mineral wool is 270 mm.',
    involves:
      'An installer lays a quilt of mineral wool or a similar material between the joists and a second layer across them, insulates and draught-strips the loft hatch, ' +
      'and lags the pipes and water tanks left in the colder space above. The loft has to be clear and safe to reach; raised boards keep stored belongings from squashing the insulation. ' +
      'The work usually takes less than a day.',
    cost: {
      lowPence: 100_000,
      highPence: 100_000,
      note: 'to insulate the empty loft of a semi-detached house; topping up an existing layer costs less, and doing it yourself costs only the materials.',
    },
    changes:
      'Warmer rooms upstairs and lower heating bills, the saving being largest where the loft had little or no insulation. The loft space itself becomes colder, so keep it ventilated to avoid condensation.',
  },
  'cavity-wall': {
    title: 'Cavity wall insulation',
    what:
      'Most homes built since the 1920s have outer walls made of two layers of brick or block with a gap, the cavity, between them. ' +
      'Filling the cavity with insulation stops heat escaping across it.',
    involves:
      'After a survey confirms the walls are suitable, an installer drills small holes in the mortar joints of the outside walls, blows mineral wool or polystyrene beads into the cavity ' +
      'and fills the holes to match. The work is done from outside and takes a few hours to a day. Walls exposed to driving rain or with damp problems may not be suitable. ' +
      'Ask for a 25-year guarantee from CIGA, the Cavity Insulation Guarantee Agency.',
    cost: { lowPence: 150_000, highPence: 400_000, note: ', from a flat or a small terraced house to a large detached house.' },
    changes:
      'Lower heating bills, fewer cold spots on the inside of outer walls and less condensation, with no change to how the home looks inside or out.',
  },
  'solid-wall': {
    title: 'Internal wall insulation',
    what:
      'Homes built before the 1920s usually have solid outer walls with no cavity to fill, and lose more heat through them than through any other part of the house. ' +
      'Internal wall insulation lines the inside of the outer walls with insulation.',
    involves:
      'Insulated plasterboard, or a timber frame filled with insulation, is fixed to the inside of each outer wall and plastered. Skirting boards, sockets, radiators and window boards ' +
      'on those walls are taken off and refitted, and each room loses a few centimetres of floor space. It can be done a room at a time, for example when redecorating, ' +
      'and needs care to keep damp and condensation out of the wall behind.',
    cost: {
      note: 'Typically from several thousand pounds to £14,000 or more for a whole house, depending on its size; done a room at a time with redecoration, each stage costs less.',
    },
    changes: 'A large cut in the heat lost through the walls, walls that feel warmer to the touch, and rooms that heat up more quickly.',
  },
  floor: {
    title: 'Floor insulation',
    what:
      'Insulation of the ground floor. A suspended timber floor has a ventilated void beneath the boards that draws heat from the room above; ' +
      'a solid concrete floor without insulation loses heat into the ground.',
    involves:
      'In a suspended floor, insulation is fitted between the joists, either from above with the boards lifted or from below where there is room to crawl, and the gaps at the skirting ' +
      'are sealed; the airbricks ventilating the void must stay clear. A solid floor is insulated with rigid boards and a new floor laid on top, which raises the floor level.',
    cost: { lowPence: 100_000, highPence: 300_000, note: 'for a suspended ground floor; insulating a solid floor usually costs more.' },
    changes: 'Warmer floors, fewer draughts through the boards and lower heating bills.',
  },
  glazing: {
    title: 'Double glazing',
    what:
      'Double glazing has two panes of glass with a sealed gap between them; low-emissivity (low-E) glass carries a thin coating that reflects heat back into the room. ' +
      'Replacing single glazing with it cuts the heat lost through the windows by half or more.',
    involves:
      'The old windows are taken out and new frames and glazing fitted, usually in a day or two for a house. In England and Wales the installer should be registered with a ' +
      'competent person scheme such as FENSA or Certass, or the work needs building control approval; listed buildings and some conservation areas need permission.',
    cost: {
      lowPence: 50_000,
      highPence: 100_000,
      note: 'or more per window, so several thousand pounds for a whole house, depending on size, frame material and style.',
    },
    changes: 'Warmer rooms near the windows, less condensation on the glass, fewer draughts and less noise from outside.',
  },
  doors: {
    title: 'Insulated external doors',
    what: 'Modern external doors with an insulated core, good seals and double or triple glazed panels, in place of old doors that lose heat and let in draughts.',
    involves:
      'The old door, and usually its frame, is taken out and the new door fitted and sealed, usually within a day. In England and Wales the fitter should be registered with a ' +
      'competent person scheme, or the work needs building control approval.',
    cost: { lowPence: 100_000, highPence: 250_000, note: 'per door fitted, depending on its style and material.' },
    changes: 'Fewer draughts, a warmer hall and often better security.',
  },
  draught: {
    title: 'Draught proofing',
    what: 'Sealing the unwanted gaps around windows, doors, loft hatches, floorboards and unused chimneys that let cold air in and warm air out.',
    involves:
      'Strips are fitted around window and door frames, brushes or flaps on letterboxes and keyholes, and the gaps at skirting boards and between floorboards are filled. ' +
      'Deliberate ventilation, such as trickle vents, airbricks and extractor fans, must be left working, especially in kitchens, bathrooms and rooms with an open fire or open-flued appliance.',
    cost: { lowPence: 10_000, highPence: 40_000, note: 'for a professional job across a house; doing it yourself costs much less.' },
    changes: 'Fewer cold draughts, a home that feels comfortable at a lower thermostat setting, and lower heating bills.',
  },
} satisfies Record<string, GuideEntry>;

/** Improvement numbers whose work differs from the rest of their kind. */
export const FABRIC_GUIDES_BY_NUMBER: Record<number, GuideEntry> = {
  45: {
    title: 'Flat roof or sloping ceiling insulation',
    what: 'Insulation added to a flat roof, or to a sloping ceiling where there is no loft space to lay it in.',
    involves:
      'A flat roof is usually insulated from above when it is re-covered, with insulation boards laid over the deck and a new waterproof layer on top. A sloping ceiling can be ' +
      'insulated from inside with insulated plasterboard, which lowers the ceiling slightly. Both are best done with other roofing or decorating work.',
    cost: { note: 'Usually a few thousand pounds, and much less as an addition to re-covering a roof that needs it anyway.' },
    changes: 'Less heat lost through the roof, and rooms beneath it that stay warmer in winter and cooler in summer.',
  },
  46: {
    title: 'Room-in-roof insulation',
    what: 'Insulation of a room built into the roof space: its sloping ceilings, the short walls at its sides and the flat ceiling above it.',
    involves:
      'Insulation boards are usually fitted between and under the rafters from inside and plastered over, and insulation laid in the spaces behind the short walls and above the ceiling ' +
      'where they can be reached. The room has to be emptied, and the work is often done with redecoration.',
    cost: {
      note: 'Usually several thousand pounds, depending on the size of the room and how much can be reached from the spaces around it.',
    },
    changes:
      'Rooms in the roof are often the coldest in winter and the hottest in summer; insulating them evens that out and cuts the heat lost through the roof.',
  },
  55: {
    title: 'External and cavity wall insulation',
    what: 'Insulation boards fixed to the outside of the walls and finished with a weatherproof render or cladding, together with filling the cavity of the walls that have one.',
    involves:
      'Scaffolding goes up, the cavities are filled, and insulation boards are fixed to the outer walls and covered with a reinforced render or a decorative finish. Gutters, downpipes, ' +
      'sills and anything else fixed to the walls are moved out. Planning permission may be needed, particularly in conservation areas.',
    cost: { lowPence: 1_000_000, highPence: 2_000_000, note: 'or more for a whole house, depending on its size and the finish chosen.' },
    changes:
      'A large cut in the heat lost through the walls with no loss of space inside, and a new weatherproof face to the house; its look changes.',
  },
  57: {
    title: 'Suspended floor insulation',
    what: 'A suspended timber floor has a ventilated void beneath the floorboards, and the cold air there draws heat from the room above. Insulation between the joists stops most of that loss.',
    involves:
      'Either the floorboards are lifted and insulation fitted between the joists on netting or boards, or, where there is room to crawl beneath, it is fitted from below. Gaps at the ' +
      'skirting are sealed, and the airbricks that ventilate the void must stay clear. Rooms are emptied and carpets lifted while the work is done.',
    cost: {
      lowPence: 100_000,
      highPence: 300_000,
      note: 'for the ground floor of a house, less where the void can be reached from below.',
    },
    changes: 'Warmer floors, fewer draughts through the boards and lower heating bills.',
  },
  58: {
    title: 'Solid floor insulation',
    what: 'A solid concrete ground floor without insulation loses heat into the ground. Insulation laid over it, or within a new floor, keeps that heat in.',
    involves:
      'Rigid insulation boards are laid over the existing floor with a new floor on top, which raises the floor level: doors, skirting and sometimes the bottom stair need adjusting. ' +
      'Digging out and relaying the floor with insulation is usually only worth doing in a major renovation.',
    cost: { note: 'Typically a few thousand pounds for insulation laid over a ground floor; digging out and relaying costs much more.' },
    changes: 'Warmer floors and lower heating bills, most noticeable in rooms with hard floor finishes.',
  },
  63: {
    title: 'Party wall insulation',
    what: 'A party wall is the wall shared with the house next door. Where it has a cavity, air moving through it carries heat up and out of the building; filling it stops that.',
    involves:
      'As with cavity wall insulation, an installer injects insulation into the cavity through small holes, usually from the loft or from your side of the wall. The wall is shared, ' +
      'so speak to your neighbour first.',
    cost: { note: 'Usually a few hundred pounds to around £1,000.' },
    changes: 'Less heat lost through the shared wall, with no change to how the home looks inside or out.',
  },
  65: {
    title: 'External wall insulation',
    what: 'Insulation boards fixed to the outside of the walls and finished with a weatherproof render or cladding.',
    involves:
      'Scaffolding goes up, insulation boards are fixed to the outer walls and covered with a reinforced render or a decorative finish. Gutters, downpipes, sills and anything else fixed ' +
      'to the walls are moved out. Planning permission may be needed, particularly in conservation areas or where the look of the house changes.',
    cost: {
      lowPence: 1_000_000,
      highPence: 2_000_000,
      note: 'or more for a whole house, depending on its size and the finish chosen; less when combined with other work needing scaffolding.',
    },
    changes:
      'A large cut in the heat lost through the walls with no loss of space inside, and a new weatherproof face to the house; its look changes.',
  },
  66: {
    title: 'Internal and cavity wall insulation',
    what: 'Insulation lining the inside of the outer walls, together with filling the cavity of the walls that have one. Solid walls lose more heat than any other part of an older house.',
    involves:
      'The cavities are filled from outside, and insulated plasterboard or a frame filled with insulation is fixed to the inside of the outer walls and plastered. Skirting, sockets and ' +
      'radiators on those walls are refitted, and rooms lose a few centimetres of floor space.',
    cost: { note: 'Typically from several thousand pounds to £14,000 or more for a whole house, depending on its size.' },
    changes: 'A large cut in the heat lost through the walls, walls that feel warmer to the touch, and rooms that heat up more quickly.',
  },
  9: {
    title: 'Secondary glazing',
    what: 'A second pane fitted inside an existing window in its own slim frame, leaving the original window in place. It suits period windows that should be kept, including in listed buildings.',
    involves:
      'Panels that slide, hinge or lift out are fitted inside the window opening, with little mess or disruption. In a listed building, check with the council before fitting it.',
    cost: { note: 'Typically a few hundred pounds per window; simple lift-out panels cost less.' },
    changes: 'Less heat lost through single-glazed windows, fewer draughts and much less noise from outside.',
  },
  56: {
    title: 'Replacement glazing units',
    what: 'New sealed glazing units fitted into existing double-glazed frames, where the old units are of an older, less efficient type or have failed and mist up between the panes.',
    involves:
      'A glazier measures each unit, then takes out the old sealed units and fits new ones with low-E glass into the existing frames, usually in a few hours.',
    cost: { lowPence: 10_000, highPence: 30_000, note: 'per unit, depending on its size.' },
    changes: 'Less heat lost through the windows without the cost of new frames, and clear glass again where units had misted.',
  },
};
