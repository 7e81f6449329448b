// An import as a Cloudflare Workflow: durable steps, each a window of the file (imports.steps.ts), so a
// run survives restarts and every step stays inside the free tier's limits per invocation. Closing the
// browser changes nothing: the page reads the run's progress from D1. A scheduled source's run starts
// by fetching its document (scheduled-imports.service.ts), and tells its source how it ended. A run longer
// than an instance's steps goes on in a new instance (lib/workflow-budget.ts): every phase starts from
// where the import row says it stands, so the new instance passes quickly over what is done.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '@worker/env';
import { measuredStep } from '@worker/lib/step-metrics';
import { handOver, type PhaseOutcome, StepBudget, stepsPerInstance, stepsBetweenRequests } from '@worker/lib/workflow-budget';
import { fetchStep, settleSource } from './scheduled-imports.service';
import { checkStep, coverStep, importStep, markFailed, pictureStep, type StepState } from './imports.steps';

export interface ImportParams {
  importId: number;
  /** Which instance of the run this is: 0 for the first, then one more at each handover. */
  part?: number;
}

/** A step that fails (D1 busy, a stale write) runs again from a fresh read; its batch is all or nothing. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };
/** BoardGameGeek prepares a collection it was asked for before giving it: asked again this many times. */
const SOURCE_TRIES = 6;

export class ImportWorkflow extends WorkflowEntrypoint<Env, ImportParams> {
  override async run(event: WorkflowEvent<ImportParams>, given: WorkflowStep): Promise<void> {
    const step = stepsBetweenRequests(given);
    const { importId, part = 0 } = event.payload;
    const budget = new StepBudget(stepsPerInstance(this.env));
    try {
      if ((await this.phases(importId, step, budget)) === 'hand-over') {
        await step.do('hand over', STEP, () => handOver(this.env.IMPORTS, event.instanceId, part + 1, { importId, part: part + 1 }));
        return;
      }
    } catch (err) {
      // What was written stays; the run says it failed, and running it again goes on from there.
      await step.do('record failure', () => markFailed(this.env, importId));
      await step.do('settle source', () => settleSource(this.env, importId));
      throw err;
    }
    await step.do('settle source', () => settleSource(this.env, importId));
  }

  private async phases(importId: number, step: WorkflowStep, budget: StepBudget): Promise<PhaseOutcome> {
    for (let i = 0; i < SOURCE_TRIES; i += 1) {
      if (!budget.take()) return 'hand-over';
      const outcome = await step.do(`fetch ${i}`, STEP, () =>
        measuredStep(this.env, `import ${importId} fetch ${i}`, (env) => fetchStep(env, importId, i === SOURCE_TRIES - 1)),
      );
      if (outcome === 'stopped') return 'stopped';
      if (outcome === 'fetched') break;
      if (!budget.take()) return 'hand-over';
      await step.sleep(`source not ready ${i}`, Number(this.env.SOURCE_RETRY_SECONDS || 30) * 1000 * 2 ** i);
    }
    const phases: [string, (env: Env, id: number) => Promise<StepState>][] = [
      ['check', checkStep],
      ['pictures', pictureStep],
      ['covers', coverStep],
      ['import', importStep],
    ];
    for (const [name, run] of phases) {
      for (let i = 0; ; i += 1) {
        if (!budget.take()) return 'hand-over';
        const state = await step.do(`${name} ${i}`, STEP, () =>
          measuredStep(this.env, `import ${importId} ${name} ${i}`, (env) => run(env, importId)),
        );
        if (state === 'stopped') return 'stopped';
        if (state === 'next-phase') break;
      }
    }
    return 'over';
  }
}
