// A queue of ISBNs or barcodes as a Cloudflare Workflow: durable steps (source-queue.steps.ts), each a
// few codes looked up and added, starting from the codes still waiting, so the run survives restarts
// and hands over to a new instance when it is long (lib/workflow-budget.ts). The queue's page reads its
// progress from D1; closing the browser changes nothing.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '@worker/env';
import { measuredStep } from '@worker/lib/step-metrics';
import { handOver, StepBudget, stepsPerInstance, stepsBetweenRequests } from '@worker/lib/workflow-budget';
import { markQueueFailed, queueStep } from './source-queue.steps';

export interface SourceQueueParams {
  queueId: number;
  /** Which instance of the run this is: 0 for the first, then one more at each handover. */
  part?: number;
}

/** A step that fails (a source's network error, D1 busy) runs again from the codes still waiting. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };

export class SourceQueueWorkflow extends WorkflowEntrypoint<Env, SourceQueueParams> {
  override async run(event: WorkflowEvent<SourceQueueParams>, given: WorkflowStep): Promise<void> {
    const step = stepsBetweenRequests(given);
    const { queueId: id, part = 0 } = event.payload;
    const budget = new StepBudget(stepsPerInstance(this.env));
    try {
      for (let i = 0; ; i += 1) {
        if (!budget.take()) {
          await step.do('hand over', STEP, () =>
            handOver(this.env.SOURCE_QUEUES, event.instanceId, part + 1, { queueId: id, part: part + 1 }),
          );
          return;
        }
        const state = await step.do(`codes ${i}`, STEP, () =>
          measuredStep(this.env, `source-queue ${id} codes ${i}`, (env) => queueStep(env, id)),
        );
        if (state === 'stopped') return;
      }
    } catch (err) {
      await step.do('record failure', () => markQueueFailed(this.env, id));
      throw err;
    }
  }
}
