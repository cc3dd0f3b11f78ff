// Small pictures of each design option, drawn from the option's data, for the choice tiles. A
// frame's picture is the code's own frame drawing (frame-art.ts), around a stand-in code.
import { createElement } from 'react';
import {
  defaultDesign,
  frames,
  type CornerCentreId,
  type CornerFrameId,
  type FrameStyle,
  type PatternId,
} from '../../../domain/qr/design';
import { frameShapes, type Box, type SvgShape } from '../../../domain/qr/frame-art';

const ink = 'currentColor';

/** A stand-in code inside a code box: three finder squares and a module, within its quiet zone. */
function MiniCode({ box }: { box: Box }) {
  const size = box.side * 0.72;
  const [x, y] = [box.x + (box.side - size) / 2, box.y + (box.side - size) / 2];
  const cell = size / 7;
  const finder = (fx: number, fy: number) => (
    <rect
      x={fx + cell * 0.5}
      y={fy + cell * 0.5}
      width={cell * 2}
      height={cell * 2}
      fill="none"
      stroke={ink}
      strokeWidth={cell * 0.7}
    />
  );
  return (
    <g>
      {finder(x, y)}
      {finder(x + cell * 4, y)}
      {finder(x, y + cell * 4)}
      <rect x={x + cell * 4.5} y={y + cell * 4.5} width={cell * 2} height={cell * 2} fill={ink} />
    </g>
  );
}

/** A frame-art shape as a React element: its attributes under their React names. */
const Shape = ({ shape }: { shape: SvgShape }) =>
  createElement(
    shape.tag,
    Object.fromEntries(
      Object.entries(shape.attrs).map(([name, value]) => [
        name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
        value,
      ]),
    ),
  );

/** The code box's side in a picture, in its own units. */
const SIDE = 100;
/** What a frame is drawn from in a picture: the ink is the tile's text colour. */
const pictureDesign = { ...defaultDesign, patternColor1: ink };
/**
 * Every picture has the room of the largest frame, with the code box at the same size and place
 * in each, so the tiles show the frames, not codes of different sizes.
 */
const room = frames.reduce(
  (most, frame) => {
    const { width, height, code } = frameShapes(frame, pictureDesign, SIDE);
    return {
      width: Math.max(most.width, width),
      above: Math.max(most.above, code.y),
      below: Math.max(most.below, height - code.y - SIDE),
    };
  },
  { width: SIDE, above: 0, below: 0 },
);

export function FramePicture({ frame }: { frame: FrameStyle }) {
  const drawn = frameShapes(frame, pictureDesign, SIDE);
  const label = drawn.label;
  // Centred across, the code box at the same height in every picture.
  const viewBox = [
    drawn.width / 2 - room.width / 2,
    drawn.code.y - room.above,
    room.width,
    room.above + SIDE + room.below,
  ];
  return (
    <svg viewBox={viewBox.join(' ')} width="48" height="56">
      {drawn.outline.map((shape, index) => (
        <Shape key={index} shape={shape} />
      ))}
      <MiniCode box={drawn.code} />
      {label?.tab ? <Shape shape={label.tab} /> : null}
      {/* The words, too small to read here: a bar in their place (a tab is drawn without them). */}
      {label && !label.tab ? (
        <rect
          x={label.x - label.width / 2}
          y={label.y - label.size / 2}
          width={label.width}
          height={label.size}
          rx={label.size / 2}
          fill={ink}
        />
      ) : null}
    </svg>
  );
}

/** One module (or a finder part) in a style: the radii of its four corners, as a share of size. */
const cornerRadii: Record<PatternId | CornerFrameId | CornerCentreId, readonly number[]> = {
  square: [0, 0, 0, 0],
  rounded: [0.25, 0.25, 0.25, 0.25],
  'extra-rounded': [0.45, 0.45, 0.45, 0.45],
  classy: [0.5, 0, 0.5, 0],
  'classy-rounded': [0.5, 0.15, 0.5, 0.15],
  dots: [0.5, 0.5, 0.5, 0.5],
  dot: [0.5, 0.5, 0.5, 0.5],
};

function shapePath(x: number, y: number, size: number, radii: readonly number[]) {
  const [tl, tr, br, bl] = radii.map((share) => share * size);
  return [
    `M${x + tl} ${y}H${x + size - tr}`,
    tr ? `A${tr} ${tr} 0 0 1 ${x + size} ${y + tr}` : '',
    `V${y + size - br}`,
    br ? `A${br} ${br} 0 0 1 ${x + size - br} ${y + size}` : '',
    `H${x + bl}`,
    bl ? `A${bl} ${bl} 0 0 1 ${x} ${y + size - bl}` : '',
    `V${y + tl}`,
    tl ? `A${tl} ${tl} 0 0 1 ${x + tl} ${y}` : '',
    'Z',
  ].join('');
}

/** A 3×3 patch of modules in the pattern's style. */
export function PatternPicture({ pattern }: { pattern: PatternId }) {
  const on = [1, 1, 0, 1, 0, 1, 0, 1, 1];
  const gap = pattern === 'dots' ? 2 : 0.6;
  return (
    <svg viewBox="0 0 36 36" width="36" height="36">
      {on.map((filled, index) =>
        filled ? (
          <path
            key={index}
            d={shapePath(
              (index % 3) * 12 + gap / 2,
              Math.floor(index / 3) * 12 + gap / 2,
              12 - gap,
              cornerRadii[pattern],
            )}
            fill={ink}
          />
        ) : null,
      )}
    </svg>
  );
}

/** A finder square: its frame in one style, its centre in another. */
export function CornerPicture({
  frame = 'square',
  centre,
}: {
  frame?: CornerFrameId;
  centre?: CornerCentreId;
}) {
  return (
    <svg viewBox="0 0 36 36" width="36" height="36">
      <path
        d={`${shapePath(2, 2, 32, cornerRadii[frame])}${shapePath(7, 7, 22, cornerRadii[frame])}`}
        fill={ink}
        fillRule="evenodd"
        opacity={centre ? 0.35 : 1}
      />
      <path
        d={shapePath(11, 11, 14, cornerRadii[centre ?? 'square'])}
        fill={ink}
        opacity={centre ? 1 : 0.35}
      />
    </svg>
  );
}
