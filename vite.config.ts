import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Never reload on its own: a reload would kill a recording or an upload (PITFALLS 6).
      registerType: 'prompt',
      injectRegister: null,
      // One manifest per variant lives in public/manifest; the server picks it by host.
      manifest: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'] },
      devOptions: { enabled: false },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { sourcemap: true, target: 'es2022' },
});
