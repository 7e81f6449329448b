// Ports and credentials of the browser suite's local instances (loopback only). E2E_PORT_BASE moves
// every port at once, so two checkouts can run the suite side by side.
const base = Number(process.env.E2E_PORT_BASE ?? 8788);

export const E2E = {
  appPort: base,
  demoPort: base + 1,
  resendPort: base + 2,
  /** The fake outside sources (tests/support/fake-sources.ts): covers, BoardGameGeek, Goodreads. */
  sourcesPort: base + 3,
  /** The fake SMTP server (tests/support/fake-smtp.ts), and one beside it that never answers. */
  smtpPort: base + 4,
  smtpSilentPort: base + 5,
  /** The instance of the specs that change the whole instance's settings (playwright.config.ts). */
  instanceWidePort: base + 6,
  appInspectorPort: base + 542,
  demoInspectorPort: base + 543,
  instanceWideInspectorPort: base + 544,
  adminPassword: 'e2e-admin-password',
};
