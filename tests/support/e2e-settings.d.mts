export declare const E2E_WORKERS: number;
export declare function lanePorts(lane: number): {
  appPort: number;
  demoPort: number;
  appInspectorPort: number;
  demoInspectorPort: number;
};
export declare const E2E: {
  appPort: number;
  demoPort: number;
  resendPort: number;
  sourcesPort: number;
  smtpPort: number;
  smtpSilentPort: number;
  appInspectorPort: number;
  demoInspectorPort: number;
  adminPassword: string;
};
