import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-plum-600', className)} />;
}
