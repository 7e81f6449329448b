// Configuration → Modules: one card per metadata source — what it is for, whether it can be asked, on
// or off for the whole instance, its key (typed, saved encrypted, shown only by its last characters; a
// key saved here wins over the deployment's), and a test that says what it answered or why not. The
// card's head and its test are shared with the external modules' cards (external-modules.tsx).
import { FlaskConical, Save } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { SourceId, SourceModule, SourceModuleTest } from '@shared/schemas/sources';
import { SOURCE_KEY_MAX_LENGTH } from '@shared/schemas/sources';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { TextField } from '@web/components/text-field';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { saveSourceModule, testSourceModule } from '../api/sources';
import { problemMessages } from '../source-messages';
import '@web/components/run-list.css';
import './sources.css';

const messages = defineMessages<{
  intro: NoMessageValues;
  usedBy: { types: string };
  anyCustom: NoMessageValues;
  ready: NoMessageValues;
  needsKey: NoMessageValues;
  off: NoMessageValues;
  enabled: NoMessageValues;
  enabledHint: NoMessageValues;
  enabledOnHint: NoMessageValues;
  answers: NoMessageValues;
  notAnswering: NoMessageValues;
  keyRequired: NoMessageValues;
  keyOptional: NoMessageValues;
  keyFromSettings: { ending: string };
  keyFromEnvironment: NoMessageValues;
  keyNone: NoMessageValues;
  forget: NoMessageValues;
  save: NoMessageValues;
  saved: NoMessageValues;
  test: NoMessageValues;
  testing: NoMessageValues;
  testOk: { count: number; title: string };
  testEmpty: NoMessageValues;
}>({
  intro: {
    id: 'sources.modules.intro',
    defaultMessage:
      'The catalogues "Find in a catalogue" searches. A key typed here is kept encrypted and used instead of the one in the deployment\'s settings.',
  },
  usedBy: { id: 'sources.modules.usedBy', defaultMessage: 'For {types}, and any custom collection.' },
  anyCustom: { id: 'sources.modules.anyCustom', defaultMessage: 'For custom collections.' },
  ready: { id: 'sources.modules.ready', defaultMessage: 'Ready' },
  needsKey: { id: 'sources.modules.needsKey', defaultMessage: 'Needs a key' },
  off: { id: 'sources.modules.off', defaultMessage: 'Off' },
  enabled: { id: 'sources.modules.enabled', defaultMessage: 'Searched by collections' },
  enabledHint: { id: 'sources.modules.enabledHint', defaultMessage: 'Off, no collection searches it and no list asks it.' },
  enabledOnHint: {
    id: 'sources.modules.enabledOnHint',
    defaultMessage: 'On: collections of these types search it, and lists of codes ask it.',
  },
  answers: { id: 'sources.modules.answers', defaultMessage: 'Answers' },
  notAnswering: { id: 'sources.modules.notAnswering', defaultMessage: 'Not answering' },
  keyRequired: { id: 'sources.modules.keyRequired', defaultMessage: 'Key (required)' },
  keyOptional: { id: 'sources.modules.keyOptional', defaultMessage: 'Key (optional: it raises the limits)' },
  keyFromSettings: {
    id: 'sources.modules.keyFromSettings',
    defaultMessage: 'A key is saved here{ending, select, none {} other { (it ends in {ending})}}. Type another to replace it.',
  },
  keyFromEnvironment: {
    id: 'sources.modules.keyFromEnvironment',
    defaultMessage: "The deployment's key is used. Type one to use it instead.",
  },
  keyNone: { id: 'sources.modules.keyNone', defaultMessage: 'No key yet.' },
  forget: { id: 'sources.modules.forget', defaultMessage: 'Forget the saved key' },
  save: { id: 'sources.modules.save', defaultMessage: 'Save' },
  saved: { id: 'sources.modules.saved', defaultMessage: 'Saved.' },
  test: { id: 'sources.modules.test', defaultMessage: 'Test' },
  testing: { id: 'sources.modules.testing', defaultMessage: 'Testing…' },
  testOk: {
    id: 'sources.modules.testOk',
    defaultMessage: 'It answers: {count, plural, one {# result} other {# results}}, the first “{title}”.',
  },
  testEmpty: { id: 'sources.modules.testEmpty', defaultMessage: 'It answered, but with nothing for a query it should know.' },
});

interface SourceModuleCardProps {
  module: SourceModule;
  readOnly: boolean;
  typeName: (type: string) => string;
  onSaved: (module: SourceModule) => void;
}

function TestResult({ result, name }: { result: SourceModuleTest; name: string }) {
  const intl = useIntl();
  if (result.ok)
    return <SuccessStatus>{intl.formatMessage(messages.testOk, { count: result.hits, title: result.title ?? '' })}</SuccessStatus>;
  if (result.problem) return <ErrorAlert>{intl.formatMessage(problemMessages[result.problem], { source: name })}</ErrorAlert>;
  return <ErrorAlert>{intl.formatMessage(messages.testEmpty)}</ErrorAlert>;
}

/** A module's test (built-in or external): asking the server, and what it answered. */
export function useModuleTest(id: SourceId) {
  const [tested, setTested] = useState<SourceModuleTest | null>(null);
  const action = useAction(async () => {
    setTested(null);
    setTested(await testSourceModule(id));
  });
  return { tested, action };
}

type ModuleTest = ReturnType<typeof useModuleTest>;

/** The test's button: "Testing…" while it runs; a module that is off is not asked. */
export function ModuleTestButton({ test, readOnly, enabled }: { test: ModuleTest; readOnly: boolean; enabled: boolean }) {
  const intl = useIntl();
  return (
    <Button
      variant="secondary"
      icon={FlaskConical}
      disabled={readOnly || test.action.busy || !enabled}
      onClick={() => void test.action.run()}
    >
      {intl.formatMessage(test.action.busy ? messages.testing : messages.test)}
    </Button>
  );
}

/** What the test said, or why it could not be asked. */
export function ModuleTestOutcome({ test, name }: { test: ModuleTest; name: string }) {
  const intl = useIntl();
  return (
    <>
      {test.tested ? <TestResult result={test.tested} name={name} /> : null}
      {test.action.error ? <ErrorAlert>{describeError(intl, test.action.error)}</ErrorAlert> : null}
    </>
  );
}

/** A module card's title and its state as a badge (ready, or off, or what stops it). */
export function ModuleCardHead({
  titleId,
  name,
  state,
  label,
}: {
  titleId: string;
  name: string;
  state: 'ready' | 'off' | 'stopped';
  label: string;
}) {
  return (
    <div className="run-list__head">
      <h3 id={titleId}>{name}</h3>
      <span className={`run-status run-status--${state === 'ready' ? 'done' : state === 'off' ? 'cancelled' : 'failed'}`}>{label}</span>
    </div>
  );
}

function SourceModuleCard({ module, readOnly, typeName, onSaved }: SourceModuleCardProps) {
  const intl = useIntl();
  const [key, setKey] = useState('');
  const [saved, setSaved] = useState(false);
  const test = useModuleTest(module.id);
  // The box follows the click at once; a change the server refuses puts it back.
  const [enabled, setEnabled] = useState(module.enabled);
  const save = useAction(async (change: { enabled?: boolean; key?: string | null }) => {
    setSaved(false);
    try {
      onSaved(await saveSourceModule(module.id, change));
    } catch (err) {
      setEnabled(module.enabled);
      throw err;
    }
    if (change.key !== undefined) setKey('');
    setSaved(true);
  });
  // Set up is not the same as reachable: once tested, the badge says what the test found.
  const tested = test.tested;
  const state = !module.enabled ? 'off' : !module.ready ? 'needsKey' : tested === null ? 'ready' : tested.ok ? 'answers' : 'notAnswering';
  const keyHint =
    module.keyFrom === 'settings'
      ? intl.formatMessage(messages.keyFromSettings, { ending: module.keyEnding ? `…${module.keyEnding}` : 'none' })
      : module.keyFrom === 'environment'
        ? intl.formatMessage(messages.keyFromEnvironment)
        : intl.formatMessage(messages.keyNone);
  const titleId = `source-module-${module.id}`;
  return (
    <li className="source-module stack" aria-labelledby={titleId}>
      <ModuleCardHead
        titleId={titleId}
        name={module.name}
        state={state === 'off' ? 'off' : state === 'needsKey' || state === 'notAnswering' ? 'stopped' : 'ready'}
        label={intl.formatMessage(messages[state])}
      />
      <p className="muted">
        {module.types.length > 0
          ? intl.formatMessage(messages.usedBy, { types: intl.formatList(module.types.map(typeName)) })
          : intl.formatMessage(messages.anyCustom)}
      </p>
      <CheckboxField
        label={intl.formatMessage(messages.enabled)}
        hint={intl.formatMessage(enabled ? messages.enabledOnHint : messages.enabledHint)}
        checked={enabled}
        disabled={readOnly || save.busy}
        onChange={(event) => {
          setEnabled(event.target.checked);
          void save.run({ enabled: event.target.checked });
        }}
      />
      {module.key !== 'none' ? (
        <form
          className="source-module__key"
          onSubmit={(event) => {
            event.preventDefault();
            if (key.trim()) void save.run({ key: key.trim() });
          }}
        >
          <TextField
            name="key"
            type="password"
            autoComplete="off"
            label={intl.formatMessage(module.key === 'required' ? messages.keyRequired : messages.keyOptional)}
            hint={keyHint}
            maxLength={SOURCE_KEY_MAX_LENGTH}
            value={key}
            disabled={readOnly}
            onChange={(event) => setKey(event.target.value)}
          />
          <div className="code-list__actions">
            <Button type="submit" icon={Save} disabled={readOnly || save.busy || !key.trim()}>
              {intl.formatMessage(messages.save)}
            </Button>
            {module.keyFrom === 'settings' ? (
              <Button variant="secondary" disabled={readOnly || save.busy} onClick={() => void save.run({ key: null })}>
                {intl.formatMessage(messages.forget)}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {saved ? <SuccessStatus>{intl.formatMessage(messages.saved)}</SuccessStatus> : null}
      {save.error ? <ErrorAlert>{describeError(intl, save.error)}</ErrorAlert> : null}
      <div className="code-list__actions">
        <ModuleTestButton test={test} readOnly={readOnly} enabled={module.enabled} />
      </div>
      <ModuleTestOutcome test={test} name={module.name} />
    </li>
  );
}

export interface SourceModulesProps {
  modules: SourceModule[];
  readOnly: boolean;
  /** A collection type's name in the page's language. */
  typeName: (type: string) => string;
  onSaved: (module: SourceModule) => void;
}

export function SourceModules({ modules, readOnly, typeName, onSaved }: SourceModulesProps) {
  const intl = useIntl();
  return (
    <div className="stack">
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      <ul className="source-modules">
        {modules.map((module) => (
          <SourceModuleCard key={module.id} module={module} readOnly={readOnly} typeName={typeName} onSaved={onSaved} />
        ))}
      </ul>
    </div>
  );
}
