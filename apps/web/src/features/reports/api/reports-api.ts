import { type ReportExportQuery, type ReportQuery, type ReportType, reportsApi } from '@atrium/contract';
import { call, download, saveDownload } from '@/lib/api-client';

/** Generate runs on demand (a button), not as a cached query: each press asks the server again. */
export function fetchReport(type: ReportType, query: ReportQuery, signal: AbortSignal) {
  return call(reportsApi.report, { params: { type }, query, signal }).then((r) => r.report);
}

export async function exportReport(type: ReportType, query: ReportExportQuery, signal: AbortSignal) {
  const response = await download(reportsApi.export, { params: { type }, query, signal });
  await saveDownload(response, `${type}-report.${query.format}`);
}
