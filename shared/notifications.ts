// Notifications (the header's bell, /user/notifications, optional email): shared by the server that writes them
// and the pages that show them.

/** Email for notifications, chosen in account settings: none, one per notification, or a daily digest. */
export const NOTIFICATION_EMAILS = ['off', 'instant', 'daily'] as const;
export type NotificationEmail = (typeof NOTIFICATION_EMAILS)[number];

/** What a notification says, by kind: enough to write the sentence and the link without another read. */
export type NotificationData =
  | {
      kind: 'new_episode';
      movieId: number;
      movieTitle: string;
      movieSlug: string;
      episodeId: number;
      episodeName: string;
      ep: string;
      poster: string | null;
    }
  | {
      kind: 'report_resolved';
      reportId: number;
      movieId: number;
      movieTitle: string;
      movieSlug: string;
      episodeId: number;
      episodeName: string;
      ep: string;
    };
export type NotificationKind = NotificationData['kind'];
