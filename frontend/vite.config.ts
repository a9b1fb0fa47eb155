/// <reference types="vitest/config" />
// Build and unit-test configuration of the Podium leaderboard site.
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  plugins: [vue()],
  server: {
    // `npm run dev` talks to a backend started with `make -C ../backend serve`
    proxy: { '/api': 'http://127.0.0.1:8080', '/q': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
  },
})
