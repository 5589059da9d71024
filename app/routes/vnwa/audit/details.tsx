// One audit entry in full: who, when, where from, and the values — a setting's fields that changed, before and
// after, side by side; for other writes, what the admin sent (secrets were hidden before it was stored).
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { formatDate } from '#app/lib/format.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { AuditEntry } from '#shared/resources/audit.ts';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The top-level fields whose values differ between `before` and `after`. */
export function changedFields(before: unknown, after: unknown) {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (key) =>
      pretty((before as Record<string, unknown>)[key]) !==
      pretty((after as Record<string, unknown>)[key]),
  );
}

function Code({ value }: { value: unknown }) {
  return (
    <pre className="max-h-64 overflow-auto rounded-lg bg-neutral-100 p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-neutral-950">
      {value === undefined ? '—' : pretty(value)}
    </pre>
  );
}

export function AuditDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const changed = changedFields(entry.before, entry.after);
  const rows: Array<[string, string]> = [
    [t('auditLog.columns.when'), formatDate(entry.created_at, { time: true })],
    [t('auditLog.columns.who'), `${entry.actor.email} (${entry.ip})`],
    [t('auditLog.columns.screen'), entry.screen || t('auditLog.noScreen')],
    [t('auditLog.request'), `${entry.method} ${entry.path} → ${entry.status}`],
  ];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={entry.action} className="max-w-3xl">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
              <dd className="min-w-0 font-mono text-xs leading-5 break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {entry.before !== null ? (
          <section className="mt-5 flex flex-col gap-3">
            <h3 className="text-sm font-semibold">
              {t('auditLog.changed', { count: changed.length })}
            </h3>
            {changed.map((key) => (
              <div key={key} className="grid gap-2 sm:grid-cols-2">
                <div>
                  <div className="mb-1 text-xs font-medium text-neutral-500">
                    {key} · {t('auditLog.before')}
                  </div>
                  <Code value={(entry.before as Record<string, unknown>)[key]} />
                </div>
                <div>
                  <div className="mb-1 text-xs font-medium text-neutral-500">
                    {key} · {t('auditLog.after')}
                  </div>
                  <Code value={(entry.after as Record<string, unknown>)[key]} />
                </div>
              </div>
            ))}
          </section>
        ) : (
          <section className="mt-5">
            <h3 className="mb-2 text-sm font-semibold">{t('auditLog.sent')}</h3>
            {entry.after === null ? (
              <p className="text-sm text-neutral-500">{t('auditLog.nothingSent')}</p>
            ) : (
              <Code value={entry.after} />
            )}
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
