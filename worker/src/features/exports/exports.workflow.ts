// An export with pictures as a Cloudflare Workflow: durable steps (exports.steps.ts), each a page of
// items or a few megabytes of pictures, so a collection of any size is written out in pieces that each
// stay inside the free tier's limits. A run longer than an instance's steps goes on in a new instance
// (lib/workflow-budget.ts); every step starts from where the run's row says it stands. A backup of a
// person's collections (features/account-archives) is one export per collection: the instance goes
// from one to the next, and the backup is ready when the last is.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '@worker/env';
import { measuredStep } from '@worker/lib/step-metrics';
import { handOver, type PhaseOutcome, StepBudget, stepsPerInstance, stepsBetweenRequests } from '@worker/lib/workflow-budget';
import { documentStep, finishStep, markExportFailed, nextOfArchive, picturesStep, type StepState } from './exports.steps';

export interface ExportParams {
  exportId: number;
  /** Which instance of the run this is: 0 for the first, then one more at each handover. */
  part?: number;
}

/** A step that fails (D1 busy, R2 slow) runs again from a fresh read of where the run stands. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };

const PHASES: [string, (env: Env, id: number) => Promise<StepState>][] = [
  ['document', documentStep],
  ['pictures', picturesStep],
];

export class ExportWorkflow extends WorkflowEntrypoint<Env, ExportParams> {
  override async run(event: WorkflowEvent<ExportParams>, given: WorkflowStep): Promise<void> {
    const step = stepsBetweenRequests(given);
    const { part = 0 } = event.payload;
    let id = event.payload.exportId;
    const budget = new StepBudget(stepsPerInstance(this.env));
    try {
      for (;;) {
        // The step callbacks below keep this export's id, whatever `id` becomes after them.
        const current = id;
        const outcome = await this.phases(current, step, budget);
        // The next export of the same backup, if this one was part of one (and ended well), takes a step.
        if (outcome === 'hand-over' || !budget.take()) {
          await step.do(`hand over ${current}`, STEP, () =>
            handOver(this.env.EXPORTS, event.instanceId, part + 1, { exportId: current, part: part + 1 }),
          );
          return;
        }
        const next = await step.do(`next after ${current}`, STEP, () => nextOfArchive(this.env, current));
        if (next === null) return;
        id = next;
      }
    } catch (err) {
      const current = id;
      await step.do(`record failure ${current}`, () => markExportFailed(this.env, current));
      throw err;
    }
  }

  private async phases(id: number, step: WorkflowStep, budget: StepBudget): Promise<PhaseOutcome> {
    for (const [name, run] of PHASES) {
      for (let i = 0; ; i += 1) {
        if (!budget.take()) return 'hand-over';
        const state = await step.do(`${id} ${name} ${i}`, STEP, () =>
          measuredStep(this.env, `export ${id} ${name} ${i}`, (env) => run(env, id)),
        );
        if (state === 'stopped') return 'stopped';
        if (state === 'next-phase') break;
      }
    }
    if (!budget.take()) return 'hand-over';
    await step.do(`${id} finish`, STEP, () => finishStep(this.env, id));
    return 'over';
  }
}
