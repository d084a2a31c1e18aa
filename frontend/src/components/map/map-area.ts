import type { ReactNode } from 'react';

/** One marker: an area (a postcode area's centre, never an address) and what is there. */
export interface MapArea {
  /** Unique per area. */
  key: string;
  lat: number;
  lon: number;
  /** How many results the marker stands for; its face shows the number. */
  count: number;
  /** What the marker is, for assistive technology, e.g. 'Utrecht: 2 profielen'. */
  title: string;
  /** The popup of the marker. */
  content: ReactNode;
}
