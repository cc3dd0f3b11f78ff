import type { LucideIcon } from 'lucide-react';

export interface Tile {
  readonly title: string;
  readonly text: string;
  readonly icon: LucideIcon;
}

interface TileGridProps {
  tiles: readonly Tile[];
  /** Heading level of each tile, so the outline stays correct under the section heading. */
  level?: 'h2' | 'h3';
}

export function TileGrid({ tiles, level: Heading = 'h3' }: TileGridProps) {
  return (
    <ul className="tile-grid">
      {tiles.map(({ title, text, icon: Icon }) => (
        <li key={title} className="tile">
          <Icon className="tile__icon" aria-hidden="true" size={28} strokeWidth={1.75} />
          <Heading className="tile__title">{title}</Heading>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
