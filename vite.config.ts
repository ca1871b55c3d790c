import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { precompressPlugin } from './scripts/precompress.ts';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] }), precompressPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true, // bench/bundle-size.ts follows the login page's chunks through it
    chunkSizeWarningLimit: 1500,
    // Images load beside the scripts instead of inside them: the store badges and the logo would otherwise add 1.3 KB
    // gzip to the JS every page parses before it can render.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
});
