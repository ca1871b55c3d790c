import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenCatalogPlugin } from './scripts/first-screen-catalog.ts';
import { firstScreenChunkPlugin, isProbing } from './scripts/first-screen-chunk.ts';
import { mantineStableIdPlugin } from './scripts/mantine-stable-id.ts';
import { precompressPlugin } from './scripts/precompress.ts';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

// Images load beside the scripts instead of inside them: the store badges and the logo would otherwise add 1.3 KB gzip
// to the JS every page parses before it can render.
const assetsInlineLimit = (file: string) => (file.endsWith('.svg') ? false : undefined);

// `vite build` makes the SPA (dist/); `vite build --ssr` its server entry (dist-server/, src/entry-server.tsx), which the
// server imports to render public pages' first screens. Both run in `npm run build`.
export default defineConfig(({ isSsrBuild }) => ({
  // The server entry carries its libraries, built for production: the server renders with production React whatever
  // NODE_ENV the process was started with.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  plugins: [
    mantineStableIdPlugin(),
    react(),
    lingui(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    // The probe build of firstScreenChunkPlugin writes nothing, so there is nothing to compress.
    // Without the chunk plugin (the probe, the server entry, tests) a first-screen catalog is the whole catalog.
    ...(isSsrBuild || isProbing()
      ? [firstScreenCatalogPlugin(() => null)]
      : [precompressPlugin(), ...firstScreenChunkPlugin()]),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: isSsrBuild
    ? // The same asset rule as the SPA's, so that both renders name the same image files and hydration matches.
      { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false, sourcemap: true, assetsInlineLimit }
    : {
        outDir: 'dist',
        sourcemap: true,
        // The server names each page's chunks in its document from it; bench/bundle-size.ts follows them through it.
        manifest: true,
        chunkSizeWarningLimit: 1500,
        assetsInlineLimit,
      },
}));
