import { Logo } from './Logo';

export interface LoadingScreenProps {
  label?: string;
}

/** The whole page while something the app needs first is loading (the session at start). */
export function LoadingScreen({ label = 'Loading...' }: LoadingScreenProps) {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-50">
      <div role="status" className="flex flex-col items-center gap-3 text-sm text-slate-600">
        <Logo className="size-10 animate-pulse" />
        {label}
      </div>
    </div>
  );
}
