import type { UploadProgress } from '../api/people-import-api';

/**
 * The upload's share while the file goes up, then a moving bar while the server checks or writes
 * (it answers once, at the end, so that stretch has no share to show).
 */
export function ImportProgress({ progress, working }: { progress: UploadProgress; working: string }) {
  const uploading = progress.phase === 'uploading';
  const percent = uploading ? Math.round(progress.sent * 100) : undefined;
  const label = uploading ? `Uploading the file: ${percent}%` : working;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {uploading ? (
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="h-full w-1/3 animate-[progress-sweep_1.2s_ease-in-out_infinite] rounded-full bg-indigo-600 motion-reduce:w-full motion-reduce:animate-pulse" />
        )}
      </div>
    </div>
  );
}
