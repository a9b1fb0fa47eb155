/// <reference types="vitest/config" />
// Build and unit-test configuration of the Podium leaderboard site.
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import { compression } from 'vite-plugin-compression2'

const api = process.env.PODIUM_API ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    vue(),
    // each script and style sheet also as .gz (level 9) and .br (quality 11) beside it, where that is smaller (not for
    // a few files of about 100 bytes): the service sends the one the browser accepts (backend PrecompressedAssets), so
    // no asset is compressed per request
    compression({ include: /\.(js|css)$/, algorithms: ['gzip', 'brotliCompress'] }),
  ],
  // `npm run dev` / `vite preview` talk to a backend at PODIUM_API (default: `make -C ../backend serve` on 8080)
  server: { proxy: { '/api': api, '/q': api } },
  preview: { proxy: { '/api': api, '/q': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true, // scripts/budget.mjs follows it to find each route's chunks
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // The site's own shared modules (helpers, API calls, components) in one chunk rather than ~30 of 1-2 KB each: over
    // HTTP/1.1 a browser fetches 6 at a time, so a view's many small chunks came in waves before its first row. The
    // chart code (ECharts and the site's chart components) stays out of it, loaded when a chart is shown; the charts'
    // colours and option helpers (palette, common: no ECharts) and Vue's export helper join it, as otherwise each was a
    // chunk of under 1.5 KB the home page waited for beside its view, the board's answer and the others (7 requests
    // for 6 connections).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: (id: string) =>
                (/\/src\/(lib|api|composables|components)\//.test(id) && !/chart/i.test(id)) ||
                /\/src\/charts\/(palette|options\/common)\.ts$|plugin-vue:export-helper/.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
  },
})
