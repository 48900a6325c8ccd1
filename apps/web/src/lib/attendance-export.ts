import { attendanceApi } from '@atrium/contract';
import { useState } from 'react';
import { type BodyIn, download, saveDownload } from './api-client';

/**
 * The attendance CSV, shared by the admin Attendance page and a manager's My Team (for whom the
 * server keeps only their team): a range, and either picked people or the list's own filters.
 */
export type AttendanceExportRequest = BodyIn<typeof attendanceApi.exportCsv>;

/** Streams the CSV in; `onProgress` hears the bytes received so far (a month for everyone is large). */
export async function downloadAttendanceCsv(
  body: AttendanceExportRequest,
  onProgress?: (bytes: number) => void,
): Promise<void> {
  const response = await download(attendanceApi.exportCsv, { body: { ...body, format: 'csv' } });
  await saveDownload(response, `attendance-${body.endDate}.csv`, onProgress);
}

/** "Exporting... 1.4 MB received": what the screen says while the CSV streams in. */
export const exportProgressText = (bytes: number): string =>
  `Exporting... ${(bytes / 1_048_576).toFixed(1)} MB received`;

/**
 * An export with its progress: `received` is the bytes of the CSV so far, null when none runs;
 * `start` resolves true once the file is handed to the browser, false when the export failed.
 */
export function useAttendanceExport() {
  const [received, setReceived] = useState<number | null>(null);
  const start = async (body: AttendanceExportRequest): Promise<boolean> => {
    setReceived(0);
    try {
      await downloadAttendanceCsv(body, setReceived);
      return true;
    } catch {
      return false;
    } finally {
      setReceived(null);
    }
  };
  return { received, start };
}
