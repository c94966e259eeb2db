import { useEffect, useState } from 'react';

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the target time has been reached. */
  done: boolean;
}

const SECOND = 1000;
export const COUNTDOWN_TICK_MS = SECOND;

/** Time left from `now` until `target` (both in ms since the epoch), in whole units. */
export function countdownParts(target: number, now: number): Countdown {
  const left = Math.max(0, target - now);
  const totalSeconds = Math.ceil(left / SECOND);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor(totalSeconds / 3_600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
    done: left === 0,
  };
}

/**
 * Counts down to `target`, re-rendering every second while it lies in the
 * future. Once it has passed, the interval is cleared and `done` is true; no
 * timer runs for a target in the past.
 */
export function useCountdown(target: Date): Countdown {
  const targetTime = target.getTime();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (Date.now() >= targetTime) return undefined;
    const interval = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= targetTime) clearInterval(interval);
    }, COUNTDOWN_TICK_MS);
    return () => {
      clearInterval(interval);
    };
  }, [targetTime]);

  return countdownParts(targetTime, now);
}
