// Configuration → Modules, external modules: catalogues outside Vitrine at an https address answering
// the protocol of docs/guide/metadata-sources.md. A form registers one (its manifest is read first, and
// the server says why an address will not do); each is a card with its manifest, state, on or off, a test and a removal
// that asks to be confirmed; "Upgrade all" reads every manifest again and lists what changed.
import { Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type IntlShape, type NoMessageValues } from 'react-intl';
import {
  EXTERNAL_ADDRESS_MAX_LENGTH,
  type ExternalModule,
  type ExternalType,
  type ExternalUpgrade,
  type SourceProblem,
} from '@shared/schemas/sources';
import { ErrorAlert, SuccessStatus } from '@web/components/alert';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { TextField } from '@web/components/text-field';
import { isApiError } from '@web/lib/api-client';
import { describeError } from '@web/lib/error-messages';
import { useAction } from '@web/lib/use-action';
import { registerExternalModule, removeExternalModule, saveExternalModule, upgradeExternalModules } from '../api/sources';
import { problemMessages } from '../source-messages';
import { ModuleCardHead, ModuleTestButton, ModuleTestOutcome, useModuleTest } from './source-modules';
import '@web/components/run-list.css';
import './sources.css';

type Named = { name: string };

const messages = defineMessages<{
  title: NoMessageValues;
  intro: NoMessageValues;
  address: NoMessageValues;
  addressHint: NoMessageValues;
  register: NoMessageValues;
  registering: NoMessageValues;
  registered: { name: string; version: string };
  notHttps: NoMessageValues;
  badAddress: NoMessageValues;
  notManifest: NoMessageValues;
  none: NoMessageValues;
  version: { version: string };
  forTypes: { types: string };
  forAny: NoMessageValues;
  anyType: NoMessageValues;
  barcodes: NoMessageValues;
  wordsOnly: NoMessageValues;
  ready: NoMessageValues;
  off: NoMessageValues;
  failing: NoMessageValues;
  checked: { date: string };
  lastProblem: { problem: string };
  enabled: NoMessageValues;
  enabledHint: NoMessageValues;
  remove: NoMessageValues;
  confirmRemove: Named;
  keep: NoMessageValues;
  removed: Named;
  upgradeAll: NoMessageValues;
  upgrading: NoMessageValues;
  upgradeTitle: NoMessageValues;
  noModules: NoMessageValues;
  unchanged: Named;
  renamed: { name: string; from: string };
  versionChanged: { name: string; from: string; to: string };
  typesChanged: { name: string; from: string; to: string };
  barcodesChanged: { name: string; reads: string };
  descriptionChanged: Named;
  upgradeProblem: { name: string; problem: string };
}>({
  title: { id: 'sources.external.title', defaultMessage: 'External modules' },
  intro: {
    id: 'sources.external.intro',
    defaultMessage:
      'Catalogues outside Vitrine, each at an https address answering the external module protocol (the project’s user guide describes it, under “External metadata modules”). Collections of the types a module serves search it after the catalogues above.',
  },
  address: { id: 'sources.external.address', defaultMessage: 'Module address' },
  addressHint: {
    id: 'sources.external.addressHint',
    defaultMessage: 'Its base address, starting with https://. Vitrine reads its manifest at that address followed by /manifest.',
  },
  register: { id: 'sources.external.register', defaultMessage: 'Add the module' },
  registering: { id: 'sources.external.registering', defaultMessage: 'Reading its manifest…' },
  registered: { id: 'sources.external.registered', defaultMessage: '{name} {version} is added.' },
  notHttps: { id: 'sources.external.notHttps', defaultMessage: 'The address must start with https://.' },
  badAddress: {
    id: 'sources.external.badAddress',
    defaultMessage: 'This address cannot be used: give a public https address, without a ?query or a #fragment.',
  },
  notManifest: {
    id: 'sources.external.notManifest',
    defaultMessage: 'No module manifest was found at this address, or it is not one Vitrine can read.',
  },
  none: { id: 'sources.external.none', defaultMessage: 'No external module yet.' },
  version: { id: 'sources.external.version', defaultMessage: 'Version {version}' },
  forTypes: { id: 'sources.external.forTypes', defaultMessage: 'For {types}, and any custom collection.' },
  forAny: { id: 'sources.external.forAny', defaultMessage: 'For every collection.' },
  anyType: { id: 'sources.external.anyType', defaultMessage: 'every collection' },
  barcodes: { id: 'sources.external.barcodes', defaultMessage: 'Looks up ISBNs and barcodes too.' },
  wordsOnly: { id: 'sources.external.wordsOnly', defaultMessage: 'Searches by words only.' },
  ready: { id: 'sources.external.ready', defaultMessage: 'Ready' },
  off: { id: 'sources.external.off', defaultMessage: 'Off' },
  failing: { id: 'sources.external.failing', defaultMessage: 'Last check failed' },
  checked: { id: 'sources.external.checked', defaultMessage: 'Manifest read {date}.' },
  lastProblem: { id: 'sources.external.lastProblem', defaultMessage: 'At the last check: {problem} It keeps its last manifest.' },
  enabled: { id: 'sources.external.enabled', defaultMessage: 'Searched by collections' },
  enabledHint: { id: 'sources.external.enabledHint', defaultMessage: 'Off, no collection searches it and no list asks it.' },
  remove: { id: 'sources.external.remove', defaultMessage: 'Remove' },
  confirmRemove: { id: 'sources.external.confirmRemove', defaultMessage: 'Really remove {name}' },
  keep: { id: 'sources.external.keep', defaultMessage: 'Keep it' },
  removed: { id: 'sources.external.removed', defaultMessage: '{name} is removed. Items made from its results stay.' },
  upgradeAll: { id: 'sources.external.upgradeAll', defaultMessage: 'Upgrade all' },
  upgrading: { id: 'sources.external.upgrading', defaultMessage: 'Reading the manifests…' },
  upgradeTitle: { id: 'sources.external.upgradeTitle', defaultMessage: 'What the upgrade found' },
  noModules: { id: 'sources.external.noModules', defaultMessage: 'There is no external module to upgrade.' },
  unchanged: { id: 'sources.external.unchanged', defaultMessage: '{name}: no change.' },
  renamed: { id: 'sources.external.renamed', defaultMessage: '{name}: its new name (it was “{from}”).' },
  versionChanged: { id: 'sources.external.versionChanged', defaultMessage: '{name}: version {from} → {to}.' },
  typesChanged: { id: 'sources.external.typesChanged', defaultMessage: '{name}: now for {to} (it was for {from}).' },
  barcodesChanged: {
    id: 'sources.external.barcodesChanged',
    defaultMessage: '{name}: {reads, select, yes {now looks up ISBNs and barcodes} other {no longer looks up ISBNs and barcodes}}.',
  },
  descriptionChanged: { id: 'sources.external.descriptionChanged', defaultMessage: '{name}: a new description.' },
  upgradeProblem: { id: 'sources.external.upgradeProblem', defaultMessage: '{name}: {problem} It keeps its last manifest.' },
});

/** The collection types a module serves, in the page's language, as a list ("Books and Comics", "every collection"). */
function typesText(intl: IntlShape, types: readonly ExternalType[], typeName: (type: string) => string): string {
  return types.includes('any') ? intl.formatMessage(messages.anyType) : intl.formatList(types.map(typeName));
}

const problemText = (intl: IntlShape, problem: SourceProblem, name: string) =>
  intl.formatMessage(problemMessages[problem], { source: name });

/** Why an address could not be registered, from the server's reason. */
function registerError(intl: IntlShape, error: unknown, address: string): string {
  const reason = isApiError(error) && error.code === 'SOURCE_UNREACHABLE' ? error.fields[0]?.reason : undefined;
  if (reason === 'not_https') return intl.formatMessage(messages.notHttps);
  if (reason === 'address') return intl.formatMessage(messages.badAddress);
  if (reason === 'malformed') return intl.formatMessage(messages.notManifest);
  if (reason && reason in problemMessages) return problemText(intl, reason as SourceProblem, address);
  return describeError(intl, error);
}

/** One line per change "upgrade all" found for a module (or its problem, or none). */
function upgradeLines(intl: IntlShape, upgrade: ExternalUpgrade, typeName: (type: string) => string): string[] {
  const name = upgrade.name;
  if (upgrade.problem) return [intl.formatMessage(messages.upgradeProblem, { name, problem: problemText(intl, upgrade.problem, name) })];
  const { changes } = upgrade;
  const lines = [
    changes.name ? intl.formatMessage(messages.renamed, { name, from: changes.name.from }) : null,
    changes.version ? intl.formatMessage(messages.versionChanged, { name, ...changes.version }) : null,
    changes.types
      ? intl.formatMessage(messages.typesChanged, {
          name,
          from: typesText(intl, changes.types.from, typeName),
          to: typesText(intl, changes.types.to, typeName),
        })
      : null,
    changes.barcodes ? intl.formatMessage(messages.barcodesChanged, { name, reads: changes.barcodes.to ? 'yes' : 'no' }) : null,
    changes.description ? intl.formatMessage(messages.descriptionChanged, { name }) : null,
  ].filter((line): line is string => line !== null);
  return lines.length > 0 ? lines : [intl.formatMessage(messages.unchanged, { name })];
}

interface ExternalModuleCardProps {
  module: ExternalModule;
  readOnly: boolean;
  typeName: (type: string) => string;
  onSaved: (module: ExternalModule) => void;
  onRemoved: (module: ExternalModule) => void;
}

function ExternalModuleCard({ module, readOnly, typeName, onSaved, onRemoved }: ExternalModuleCardProps) {
  const intl = useIntl();
  const [enabled, setEnabled] = useState(module.enabled);
  const [confirming, setConfirming] = useState(false);
  const test = useModuleTest(module.id);
  const save = useAction(async (on: boolean) => {
    try {
      onSaved(await saveExternalModule(module, on));
    } catch (err) {
      setEnabled(module.enabled);
      throw err;
    }
  });
  const removal = useAction(async () => {
    await removeExternalModule(module);
    onRemoved(module);
  });
  const state = !module.enabled ? 'off' : module.problem ? 'failing' : 'ready';
  const titleId = `external-module-${module.id}`;
  return (
    <li className="source-module stack" aria-labelledby={titleId}>
      <ModuleCardHead
        titleId={titleId}
        name={module.name}
        state={state === 'failing' ? 'stopped' : state}
        label={intl.formatMessage(messages[state])}
      />
      <p className="muted external-module__facts">
        <span>{intl.formatMessage(messages.version, { version: module.version })}</span>
        <span className="external-module__address">{module.address}</span>
      </p>
      {module.description ? <p>{module.description}</p> : null}
      <p className="muted">
        {module.types.includes('any')
          ? intl.formatMessage(messages.forAny)
          : intl.formatMessage(messages.forTypes, { types: typesText(intl, module.types, typeName) })}{' '}
        {intl.formatMessage(module.barcodes ? messages.barcodes : messages.wordsOnly)}
      </p>
      <p className="muted">
        {intl.formatMessage(messages.checked, { date: intl.formatDate(module.checkedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </p>
      {module.problem ? (
        <p className="source-problem">
          {intl.formatMessage(messages.lastProblem, { problem: problemText(intl, module.problem, module.name) })}
        </p>
      ) : null}
      <CheckboxField
        label={intl.formatMessage(messages.enabled)}
        hint={intl.formatMessage(messages.enabledHint)}
        checked={enabled}
        disabled={readOnly || save.busy}
        onChange={(event) => {
          setEnabled(event.target.checked);
          void save.run(event.target.checked);
        }}
      />
      {save.error ? <ErrorAlert>{describeError(intl, save.error)}</ErrorAlert> : null}
      <div className="code-list__actions">
        <ModuleTestButton test={test} readOnly={readOnly} enabled={module.enabled} />
        {confirming ? (
          <>
            <Button variant="danger" icon={Trash2} disabled={readOnly || removal.busy} onClick={() => void removal.run()}>
              {intl.formatMessage(messages.confirmRemove, { name: module.name })}
            </Button>
            <Button variant="secondary" disabled={removal.busy} onClick={() => setConfirming(false)}>
              {intl.formatMessage(messages.keep)}
            </Button>
          </>
        ) : (
          <Button variant="secondary" icon={Trash2} disabled={readOnly} onClick={() => setConfirming(true)}>
            {intl.formatMessage(messages.remove)}
          </Button>
        )}
      </div>
      <ModuleTestOutcome test={test} name={module.name} />
      {removal.error ? <ErrorAlert>{describeError(intl, removal.error)}</ErrorAlert> : null}
    </li>
  );
}

export interface ExternalModulesProps {
  modules: ExternalModule[];
  readOnly: boolean;
  /** A collection type's name in the page's language. */
  typeName: (type: string) => string;
  /** The modules as they are now, after a change made here. */
  onChange: (modules: ExternalModule[]) => void;
}

export function ExternalModules({ modules, readOnly, typeName, onChange }: ExternalModulesProps) {
  const intl = useIntl();
  const [address, setAddress] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [upgrades, setUpgrades] = useState<ExternalUpgrade[] | null>(null);
  const registering = useAction(async () => {
    setDone(null);
    const added = await registerExternalModule(address.trim());
    onChange([...modules, added]);
    setAddress('');
    setDone(intl.formatMessage(messages.registered, { name: added.name, version: added.version }));
  });
  const upgrading = useAction(async () => {
    setUpgrades(null);
    setDone(null);
    const result = await upgradeExternalModules();
    onChange(result.modules);
    setUpgrades(result.upgrades);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (address.trim()) void registering.run();
  };
  return (
    <section className="stack" aria-labelledby="external-modules-title">
      <div className="run-list__head">
        <h3 id="external-modules-title">{intl.formatMessage(messages.title)}</h3>
        <Button
          variant="secondary"
          icon={RefreshCw}
          disabled={readOnly || upgrading.busy || modules.length === 0}
          onClick={() => void upgrading.run()}
        >
          {intl.formatMessage(upgrading.busy ? messages.upgrading : messages.upgradeAll)}
        </Button>
      </div>
      <p className="muted">{intl.formatMessage(messages.intro)}</p>
      {upgrading.error ? <ErrorAlert>{describeError(intl, upgrading.error)}</ErrorAlert> : null}
      {upgrades ? (
        <div className="stack" role="status" aria-labelledby="external-upgrade-title">
          <h4 id="external-upgrade-title">{intl.formatMessage(messages.upgradeTitle)}</h4>
          {upgrades.length === 0 ? (
            <p className="muted">{intl.formatMessage(messages.noModules)}</p>
          ) : (
            <ul className="external-upgrades">
              {upgrades.flatMap((upgrade) =>
                upgradeLines(intl, upgrade, typeName).map((line, i) => (
                  <li key={`${upgrade.id}-${i}`} className={upgrade.problem ? 'source-problem' : undefined}>
                    {line}
                  </li>
                )),
              )}
            </ul>
          )}
        </div>
      ) : null}
      {done ? <SuccessStatus>{done}</SuccessStatus> : null}
      {modules.length === 0 ? <p className="muted">{intl.formatMessage(messages.none)}</p> : null}
      {modules.length > 0 ? (
        <ul className="source-modules">
          {modules.map((module) => (
            <ExternalModuleCard
              key={module.id}
              module={module}
              readOnly={readOnly}
              typeName={typeName}
              onSaved={(saved) => onChange(modules.map((m) => (m.id === saved.id ? saved : m)))}
              onRemoved={(removed) => {
                onChange(modules.filter((m) => m.id !== removed.id));
                setDone(intl.formatMessage(messages.removed, { name: removed.name }));
              }}
            />
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <form className="source-module__key" onSubmit={submit} noValidate>
          <TextField
            name="address"
            type="url"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            label={intl.formatMessage(messages.address)}
            hint={intl.formatMessage(messages.addressHint)}
            placeholder="https://"
            maxLength={EXTERNAL_ADDRESS_MAX_LENGTH}
            value={address}
            disabled={registering.busy}
            onChange={(event) => setAddress(event.target.value)}
          />
          <div className="code-list__actions">
            <Button type="submit" icon={Plus} disabled={registering.busy || !address.trim()}>
              {intl.formatMessage(registering.busy ? messages.registering : messages.register)}
            </Button>
          </div>
          {registering.error ? <ErrorAlert>{registerError(intl, registering.error, address.trim())}</ErrorAlert> : null}
        </form>
      )}
    </section>
  );
}
