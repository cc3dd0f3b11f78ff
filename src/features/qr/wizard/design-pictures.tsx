// Small pictures of each design option, drawn from the option's data, for the choice tiles.
import type {
  CornerCentreId,
  CornerFrameId,
  FrameStyle,
  PatternId,
} from '../../../domain/qr/design';

const ink = 'currentColor';

/** A stand-in code: a few modules and the three finder squares. */
function MiniCode({ x, y, size }: { x: number; y: number; size: number }) {
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

export function FramePicture({ frame }: { frame: FrameStyle }) {
  const labelTop = frame.labelPosition === 'top';
  const hasLabel = frame.labelPosition !== 'none';
  const codeY = labelTop ? 16 : 6;
  const box = { x: 4, y: labelTop ? 14 : 4, w: 40, h: 40 };
  const outline = {
    none: null,
    square: <rect {...rect(box)} fill="none" stroke={ink} strokeWidth={2} />,
    rounded: <rect {...rect(box)} rx={8} fill="none" stroke={ink} strokeWidth={2} />,
    thick: <rect {...rect(box)} fill="none" stroke={ink} strokeWidth={4} />,
    double: (
      <>
        <rect {...rect(box)} fill="none" stroke={ink} strokeWidth={1.5} />
        <rect {...rect(inset(box, 3))} fill="none" stroke={ink} strokeWidth={1.5} />
      </>
    ),
    dashed: <rect {...rect(box)} fill="none" stroke={ink} strokeWidth={2} strokeDasharray="4 3" />,
    brackets: (
      <path d={brackets(box)} fill="none" stroke={ink} strokeWidth={2.5} strokeLinecap="round" />
    ),
    circle: <circle cx={24} cy={box.y + 20} r={22} fill="none" stroke={ink} strokeWidth={2} />,
  }[frame.outline];
  const labelY = labelTop ? 2 : 46;
  return (
    <svg viewBox="0 0 48 60" width="48" height="60">
      {outline}
      <MiniCode x={12} y={codeY + 2} size={24} />
      {hasLabel ? (
        <rect
          x={frame.labelPosition === 'bottom-tab' ? 12 : 6}
          y={labelY}
          width={frame.labelPosition === 'bottom-tab' ? 24 : 36}
          height={10}
          rx={frame.labelPosition === 'bottom-tab' ? 5 : 2}
          fill={ink}
        />
      ) : null}
    </svg>
  );
}

type Box = { x: number; y: number; w: number; h: number };
const rect = ({ x, y, w, h }: Box) => ({ x, y, width: w, height: h });
const inset = ({ x, y, w, h }: Box, by: number): Box => ({
  x: x + by,
  y: y + by,
  w: w - 2 * by,
  h: h - 2 * by,
});
function brackets({ x, y, w, h }: Box) {
  const l = 9;
  return [
    `M${x} ${y + l}V${y}H${x + l}`,
    `M${x + w - l} ${y}H${x + w}V${y + l}`,
    `M${x + w} ${y + h - l}V${y + h}H${x + w - l}`,
    `M${x + l} ${y + h}H${x}V${y + h - l}`,
  ].join(' ');
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
