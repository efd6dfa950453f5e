/** The app's clock: real time, moved forward by what `advance` added (a movable clock for tests). */
export interface MovableClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
