// The free plan lets one Workflow instance take 1,024 steps. The long runs (an import of many thousands
// of records, a backup of a large instance) keep where they stand in D1 after every step, so when an
// instance has taken nearly that many it hands over to a new instance of the same Workflow, which goes
// on from there. The last steps of an instance are kept for recording a failure and for handing over.
import type { WorkflowStep } from 'cloudflare:workers';
import type { Env } from '../env';

/** Steps an instance takes before it hands over: 1,024 allowed, a few kept aside. */
export const STEPS_PER_INSTANCE = 1000;

/** The steps an instance takes; tests set WORKFLOW_STEPS_PER_INSTANCE low to see runs hand over. */
export function stepsPerInstance(env: Pick<Env, 'WORKFLOW_STEPS_PER_INSTANCE'>): number {
  const set = Number(env.WORKFLOW_STEPS_PER_INSTANCE);
  return Number.isInteger(set) && set >= 4 && set <= STEPS_PER_INSTANCE ? set : STEPS_PER_INSTANCE;
}

/**
 * Counts the steps of one run of an instance's code. A Workflow's code runs again from its start when
 * the instance resumes, its finished steps answered from their record, so the count comes out the same.
 */
export class StepBudget {
  private taken = 0;

  constructor(private readonly limit: number) {}

  /** Counts a step about to run; false when the instance should hand over instead. */
  take(): boolean {
    if (this.taken >= this.limit) return false;
    this.taken += 1;
    return true;
  }
}

/** A phase of a run: over, stopped (the run ended), or cut short to go on in a new instance. */
export type PhaseOutcome = 'over' | 'stopped' | 'hand-over';

/** The id of the instance that goes on from this one: the first one's id and the part's number. */
export function nextInstanceId(instanceId: string, part: number): string {
  return `${instanceId.replace(/-p\d+$/, '')}-p${part}`;
}

/**
 * Starts the instance that goes on. createBatch passes over an id that already exists, so a retried
 * handover never starts the same part twice.
 */
export async function handOver<P>(workflow: Workflow<P>, instanceId: string, part: number, params: P): Promise<string> {
  const id = nextInstanceId(instanceId, part);
  await workflow.createBatch([{ id, params }]);
  return id;
}

/**
 * The instance's steps, each begun after a turn of the runtime's timers. Local workerd (`npm start`) runs
 * the Workflow engine, D1, R2 and the Worker on one thread, and there a run whose steps followed one
 * another with only their own I/O in between kept every HTTP request waiting until the run ended: 30 s
 * and more behind the restore of a 76 MB backup, after which wrangler's proxy answered one of them with
 * its plain-text 503 "Your worker restarted mid-request". A timer lets the runtime take the requests that
 * wait before the next step starts; it changes neither the steps nor their count.
 */
export function stepsBetweenRequests(step: WorkflowStep): WorkflowStep {
  const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  // The engine's step is an RPC stub: its methods are called on it, never taken off it (no bind).
  const stub = step as unknown as { do: (...args: unknown[]) => Promise<unknown> };
  return {
    do: async (...args: unknown[]) => {
      await turn();
      return stub.do(...args);
    },
    sleep: (...args: Parameters<WorkflowStep['sleep']>) => step.sleep(...args),
    sleepUntil: (...args: Parameters<WorkflowStep['sleepUntil']>) => step.sleepUntil(...args),
    waitForEvent: (...args: Parameters<WorkflowStep['waitForEvent']>) => step.waitForEvent(...args),
  } as WorkflowStep;
}
