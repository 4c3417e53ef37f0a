import { Check } from 'lucide-react';
import { useTranslation } from '../lib/translation.tsx';
import { cn } from '../lib/cn.ts';

/** The create flow of SPEC §2: Customize → Preview → Sign In → Payment; 'complete' marks every step done. */
export const CREATE_FLOW_STEPS = ['customize', 'preview', 'auth', 'payment'] as const;
export type CreateFlowStep = (typeof CREATE_FLOW_STEPS)[number] | 'complete';

const LABEL_KEYS = {
  customize: 'auth.steps.customize',
  preview: 'auth.steps.preview',
  auth: 'auth.steps.auth',
  payment: 'auth.steps.payment',
} as const;

/**
 * The progress indicator of the create flow: earlier steps are marked done, the current one is highlighted
 * and announced with aria-current="step". Used by sign-in/sign-up ('auth'), overview ('preview') and
 * checkout ('payment', then 'complete').
 */
export function CreateFlowSteps({ current, className }: { current: CreateFlowStep; className?: string }) {
  const { t } = useTranslation();
  const currentIndex = current === 'complete' ? CREATE_FLOW_STEPS.length : CREATE_FLOW_STEPS.indexOf(current);
  return (
    <nav aria-label={t('auth.steps.label')} className={className} data-testid="create-flow-steps">
      <ol className="flex items-start">
        {CREATE_FLOW_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              data-state={done ? 'done' : active ? 'current' : 'upcoming'}
              className="relative flex flex-1 flex-col items-center gap-1.5 text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute end-1/2 top-4 h-0.5 w-full -translate-y-1/2',
                    index <= currentIndex ? 'bg-plum-600' : 'bg-plum-200',
                  )}
                />
              )}
              <span
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-extrabold',
                  done && 'border-plum-600 bg-plum-600 text-white',
                  active && 'border-plum-600 bg-white text-plum-700 ring-4 ring-plum-100',
                  !done && !active && 'border-plum-200 bg-white text-muted',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  'text-xs font-bold',
                  active ? 'text-plum-800' : done ? 'text-plum-700' : 'text-muted',
                )}
              >
                {t(LABEL_KEYS[step])}
                {done && <span className="sr-only"> ({t('auth.steps.done')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
