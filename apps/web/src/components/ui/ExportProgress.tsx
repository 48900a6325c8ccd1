import { exportProgressText } from '@/lib/attendance-export';

/** How much of an export has arrived, announced politely; nothing while no export runs. */
export function ExportProgress({ received }: { received: number | null }) {
  if (received === null) return null;
  return (
    <p role="status" className="text-sm text-slate-700">
      {exportProgressText(received)}
    </p>
  );
}
