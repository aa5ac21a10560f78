/**
 * What a logo's SVG may keep: static drawing only. Anything not named here is dropped, so a
 * feature nobody thought of (a new element, an editor's namespace) is removed rather than trusted.
 */
export const ALLOWED_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feFuncR', 'feFuncG', 'feFuncB', 'feFuncA',
  'feComposite', 'feDiffuseLighting', 'feSpecularLighting', 'feDistantLight', 'fePointLight', 'feSpotLight',
  'feDisplacementMap', 'feDropShadow', 'feFlood', 'feGaussianBlur', 'feMerge', 'feMergeNode',
  'feMorphology', 'feOffset', 'feTile', 'feTurbulence',
]);

/** A link wrapper keeps its drawing as a group, without its link. */
export const RENAMED_ELEMENTS: Record<string, string> = { a: 'g' };

/**
 * Elements dropped that the uploader should hear about: they run code, embed other documents or
 * fetch other files (including data: and file: images), or animate attributes such as href.
 * Other dropped elements (editors' metadata) go silently.
 */
export const REPORTED_ELEMENTS = new Set([
  'script', 'foreignObject', 'image', 'feImage', 'iframe', 'embed', 'object', 'audio', 'video', 'canvas',
  'animate', 'set', 'animateMotion', 'animateTransform', 'animateColor', 'handler', 'listener', 'discard', 'tref', 'font-face-uri',
]);

/** Elements whose href may point at another element of the same file (#id), and nowhere else. */
export const INTERNAL_HREF_ELEMENTS = new Set(['use', 'linearGradient', 'radialGradient', 'pattern', 'textPath', 'filter']);

export const ALLOWED_ATTRIBUTES = new Set([
  'id', 'class', 'style', 'transform', 'version', 'xml:space', 'lang', 'xml:lang',
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height',
  'd', 'points', 'pathLength', 'viewBox', 'preserveAspectRatio',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'display', 'visibility', 'overflow', 'clip', 'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits',
  'maskContentUnits', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'stop-color', 'stop-opacity',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'marker-start', 'marker-mid', 'marker-end',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient',
  'font', 'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'font-size-adjust',
  'text-anchor', 'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing',
  'text-decoration', 'writing-mode', 'direction', 'unicode-bidi', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust',
  'startOffset', 'method', 'spacing', 'side',
  'filter', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'operator',
  'k1', 'k2', 'k3', 'k4', 'type', 'values', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent',
  'flood-color', 'flood-opacity', 'lighting-color', 'radius', 'scale', 'xChannelSelector', 'yChannelSelector',
  'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'surfaceScale', 'diffuseConstant', 'specularConstant',
  'specularExponent', 'kernelUnitLength', 'azimuth', 'elevation', 'pointsAtX', 'pointsAtY', 'pointsAtZ',
  'limitingConeAngle', 'z', 'edgeMode',
  'mix-blend-mode', 'isolation', 'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering',
  'image-rendering', 'color-interpolation', 'color-interpolation-filters', 'color-rendering', 'enable-background',
  'media',
  // Checked further by the sanitiser: internal references only.
  'href', 'xlink:href',
]);

/** Words that never belong in a static drawing, wherever they appear in an attribute or in CSS. */
export const FORBIDDEN_IN_VALUES = /\b(java|vb)script\s*:|\bdata\s*:|expression\s*\(|@import|@font-face|image-set\s*\(|-moz-binding|behavior\s*:|\\/i;

/** Every url(…) in a value points inside the file (#id): nothing is fetched. */
export function urlsAreInternal(value: string): boolean {
  const urls = value.match(/url\s*\(/gi)?.length ?? 0;
  const internal = value.match(/url\s*\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/g)?.length ?? 0;
  return urls === internal;
}

export const isInternalHref = (value: string) => /^#[A-Za-z_][\w.:-]*$/.test(value.trim());
