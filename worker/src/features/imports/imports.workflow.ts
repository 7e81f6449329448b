// An import as a Cloudflare Workflow: durable steps, each a window of the file (imports.steps.ts), so a
// run survives restarts and every step stays inside the free tier's limits per invocation. Closing the
// browser changes nothing: the page reads the run's progress from D1.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '../../env';
import { checkStep, coverStep, importStep, markFailed, pictureStep } from './imports.steps';

export interface ImportParams {
  importId: number;
}

/** A step that fails (D1 busy, a stale write) runs again from a fresh read; its batch is all or nothing. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };

export class ImportWorkflow extends WorkflowEntrypoint<Env, ImportParams> {
  override async run(event: WorkflowEvent<ImportParams>, step: WorkflowStep): Promise<void> {
    const { importId } = event.payload;
    try {
      for (let i = 0; ; i += 1) {
        const state = await step.do(`check ${i}`, STEP, () => checkStep(this.env, importId));
        if (state === 'stopped') return;
        if (state === 'next-phase') break;
      }
      for (let i = 0; ; i += 1) {
        const state = await step.do(`pictures ${i}`, STEP, () => pictureStep(this.env, importId));
        if (state === 'stopped') return;
        if (state === 'next-phase') break;
      }
      for (let i = 0; ; i += 1) {
        const state = await step.do(`covers ${i}`, STEP, () => coverStep(this.env, importId));
        if (state === 'stopped') return;
        if (state === 'next-phase') break;
      }
      for (let i = 0; ; i += 1) {
        const state = await step.do(`import ${i}`, STEP, () => importStep(this.env, importId));
        if (state !== 'more') return;
      }
    } catch (err) {
      // What was written stays; the run says it failed, and running it again goes on from there.
      await step.do('record failure', () => markFailed(this.env, importId));
      throw err;
    }
  }
}
