import { useRef, useState } from 'react';

import { useFocusAfterRender } from '../../../hooks/use-focus-after-render';
import { refusalMessage } from '../../../lib/api-client';

export interface PlanResult {
  tone: 'success' | 'error';
  text: string;
}

/**
 * A plan previewed before it is saved (automatic assignment, threshold
 * decisions): the plan on show, the outcome message, and focus moved to
 * whichever appears, once React has drawn it.
 */
export function usePlan<Plan>() {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [result, setResult] = useState<PlanResult | null>(null);
  const planRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();

  /** Asks for a plan and shows it, or says why there is none (`failure` when the server gives no reason). */
  const preview = async (ask: () => Promise<Plan>, failure: string) => {
    setResult(null);
    try {
      setPlan(await ask());
    } catch (error) {
      setPlan(null);
      setResult({ tone: 'error', text: refusalMessage(error) ?? failure });
      return;
    }
    focusAfterRender(() => planRef.current);
  };

  /** Saves the plan; its outcome replaces it, either way (a stale plan cannot be saved twice). */
  const save = async (run: () => Promise<string>, failure: string) => {
    try {
      setResult({ tone: 'success', text: await run() });
    } catch (error) {
      setResult({ tone: 'error', text: refusalMessage(error) ?? failure });
    }
    setPlan(null);
    focusAfterRender(() => resultRef.current);
  };

  return { plan, setPlan, result, setResult, planRef, resultRef, preview, save };
}
