// "Report a problem" for an episode: a reason and an optional note, sent to POST /api/reports. Opened from the
// player's error overlay and from the watch page; anyone may send one (signed-in viewers are recorded).
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { ApiForm } from '#app/components/api-form.tsx';
import { FormActions } from '#app/components/form-actions.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { TextareaField } from '#app/components/ui/input.tsx';
import { useApi } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, type ReportReason } from '#shared/reports.ts';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm } from '#app/lib/use-api-form.ts';

export function ReportDialog({
  episodeId,
  title,
  open,
  onOpenChange,
  defaultReason,
}: {
  episodeId: number;
  /** What is reported, such as "Movie – Episode 3", shown under the dialog's title. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselected: "won't play" when opened from the player's error. */
  defaultReason?: ReportReason;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('report.title')}
        description={t('report.description', { title })}
        data-testid="report-dialog"
      >
        {/* Mounted only while open: each opening starts with a fresh form. */}
        <ReportForm
          episodeId={episodeId}
          defaultReason={defaultReason}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  episodeId,
  defaultReason,
  onDone,
}: {
  episodeId: number;
  defaultReason?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [reason, setReason] = useState(defaultReason ?? '');
  const [message, setMessage] = useState('');
  const form = useApiForm({
    check: (values) => ({ reason: values.reason ? undefined : t('report.pickReason') }),
    submit: (values) =>
      api.post('/reports', {
        episode_id: episodeId,
        reason: values.reason,
        message: values.message?.trim() || undefined,
      }),
    onSuccess: () => {
      toast.success(t('report.thanks'));
      onDone();
    },
  });
  return (
    <ApiForm form={form} className="flex flex-col gap-5">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={form.errors.reason ? 'report-reason-error' : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {t('report.reason')}
        </legend>
        {REPORT_REASONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2 text-sm transition-colors',
              reason === value
                ? 'border-primary-500 bg-primary-50 text-primary-900 dark:border-primary-400 dark:bg-primary-500/15 dark:text-primary-100'
                : 'border-neutral-200 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-800/60',
            )}
          >
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="size-4 shrink-0 accent-primary-600"
            />
            {t(`report.reasons.${value}`)}
          </label>
        ))}
        {form.errors.reason ? (
          <p
            id="report-reason-error"
            role="alert"
            className="text-sm text-error-600 dark:text-red-400"
          >
            {form.errors.reason}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label={t('report.message')}
        {...form.field('message')}
        hint={t('report.messageHint', { count: message.length, max: REPORT_MESSAGE_MAX })}
        rows={3}
        maxLength={REPORT_MESSAGE_MAX}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <FormActions
        onCancel={onDone}
        pending={form.pending}
        submitLabel={
          <>
            <Send aria-hidden />
            {t('report.send')}
          </>
        }
      />
    </ApiForm>
  );
}
