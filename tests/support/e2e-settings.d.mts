export declare const E2E: {
  appPort: number;
  demoPort: number;
  resendPort: number;
  appInspectorPort: number;
  demoInspectorPort: number;
  adminPassword: string;
};
