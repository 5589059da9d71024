// JSX types for the Media Chrome tags that player-media.client.tsx writes as plain custom elements (the `<hls-video>`
// itself is made by media-element.client.ts).
import type { DetailedHTMLProps, HTMLAttributes, Ref } from 'react';

type MediaElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ref?: Ref<any>;
  slot?: string;
  hidden?: boolean;
  [attribute: string]: unknown;
};

type MediaTags =
  | 'media-controller'
  | 'media-loading-indicator'
  | 'media-play-button'
  | 'media-settings-menu'
  | 'media-settings-menu-item'
  | 'media-settings-menu-button'
  | 'media-rendition-menu'
  | 'media-playback-rate-menu'
  | 'media-captions-menu'
  | 'media-captions-button'
  | 'media-control-bar'
  | 'media-time-range'
  | 'media-seek-backward-button'
  | 'media-seek-forward-button'
  | 'media-mute-button'
  | 'media-volume-range'
  | 'media-time-display'
  | 'media-pip-button'
  | 'media-fullscreen-button';

declare module 'react' {
  namespace JSX {
    type MediaIntrinsics = { [tag in MediaTags]: MediaElementProps };
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends MediaIntrinsics {}
  }
}
