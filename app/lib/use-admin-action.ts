// A back-office action from a button, a menu or a confirmation: how it went in a toast (a refusal as the server
// words it), then the page's data loaded again. A failure is thrown on, so a ConfirmDialog stays open.
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';

export function useAdminAction() {
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  return async <T>(
    run: () => Promise<T>,
    /** Said once it is done; nothing when it shows for itself. */
    success?: string | ((result: T) => string),
    /** Instead of the reload: a navigation that loads the data anyway, or a reload of one part. */
    after?: () => unknown,
  ) => {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    if (success) toast.success(typeof success === 'function' ? success(result) : success);
    await (after ? after() : revalidator.revalidate());
  };
}

/**
 * A confirmation dialog's action whose refusal is shown in the dialog itself (`error`, for an Alert) rather than in
 * a toast. `explain` words a refusal (the message for this error is handed to it; null shows none, when the caller
 * shows it another way). Done, it says `done` in a toast and loads the page's data again.
 */
export function useConfirmAction() {
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const confirm = async (
    run: () => Promise<unknown>,
    done: string,
    explain: (caught: unknown, message: string) => string | null = (_, message) => message,
  ) => {
    setError(null);
    try {
      await run();
    } catch (caught) {
      setError(explain(caught, errorMessage(caught)));
      throw caught;
    }
    toast.success(done);
    await revalidator.revalidate();
  };
  return { error, setError, confirm };
}
