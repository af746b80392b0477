import { dataExportEndpoints as e } from '@portico/contracts';
import { call } from '../../api/endpoint';

// Download my data calls (contracts/src/data-export.ts), behind the bearer token; asking for a
// new archive needs the step-up proof, which `call` asks for.

export const DATA_EXPORT_KEY = ['account', 'data-export'] as const;
export const readDataExport = () => call(e.status, {});
export const requestDataExport = () => call(e.request, {});
export const dataExportLink = () => call(e.link, {});
