// Vite builds the React Router app; the Fastify server (server/) embeds it.
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  server: { hmr: { port: 24678 } },
  // Pre-bundled up front: a dependency Vite discovers late (the player's, on the first watch page) would reload
  // that dev page.
  optimizeDeps: {
    include: [
      'sonner',
      'i18next',
      'react-i18next',
      'lucide-react',
      'media-chrome',
      'media-chrome/menu',
      'hls-video-element',
    ],
  },
});
