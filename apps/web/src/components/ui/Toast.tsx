import { CircleCheck, CircleX, Info, TriangleAlert, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ToastType } from './toast-context';

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
}

const looks: Record<ToastType, { icon: typeof Info; className: string; iconClass: string }> = {
  success: {
    icon: CircleCheck,
    className: 'border-green-200 bg-green-50 text-green-900',
    iconClass: 'text-green-600',
  },
  error: { icon: CircleX, className: 'border-red-200 bg-red-50 text-red-900', iconClass: 'text-red-600' },
  warning: {
    icon: TriangleAlert,
    className: 'border-yellow-200 bg-yellow-50 text-yellow-900',
    iconClass: 'text-yellow-600',
  },
  info: { icon: Info, className: 'border-blue-200 bg-blue-50 text-blue-900', iconClass: 'text-blue-600' },
};

export function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const look = looks[toast.type];
  const Icon = look.icon;
  return (
    <div
      role="status"
      aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
      data-type={toast.type}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-3 shadow-lg',
        look.className,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', look.iconClass)} />
      <p className="min-w-0 flex-1 text-sm font-medium break-words">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
