// Routes: every view is its own chunk (route-level code splitting), so the first page loads only what it shows.
// The paths come from paths.json, the one list of the site's pages: the service answers 404 for any other path.
import type { Component } from 'vue'
import { createRouter, createWebHistory, START_LOCATION, type RouteRecordRaw } from 'vue-router'
import paths from './paths.json'

/** The page at paths.json's `name`: its view, loaded on first visit, and the title the tab shows. */
function page(name: keyof typeof paths, title: string, component: () => Promise<Component>): RouteRecordRaw {
  return { path: paths[name], name, component, meta: { title } }
}

export const routes: RouteRecordRaw[] = [
  { path: paths.home, redirect: '/leaderboard/plaintext' },
  { path: paths.leaderboards, redirect: '/leaderboard/plaintext' },
  page('leaderboard', 'Leaderboard', () => import('../views/LeaderboardView.vue')),
  page('scaling', 'Scaling', () => import('../views/ScalingView.vue')),
  page('latency', 'Latency', () => import('../views/LatencyView.vue')),
  page('cost', 'Cost', () => import('../views/CostView.vue')),
  page('history', 'History', () => import('../views/HistoryView.vue')),
  page('changes', 'Changes', () => import('../views/ChangesView.vue')),
  page('compare', 'Compare', () => import('../views/CompareView.vue')),
  page('calculator', 'Migration calculator', () => import('../views/CalculatorView.vue')),
  page('frameworks', 'Frameworks', () => import('../views/FrameworksView.vue')),
  page('framework', 'Framework', () => import('../views/FrameworkView.vue')),
  page('runs', 'Runs', () => import('../views/RunsView.vue')),
  page('run', 'Run', () => import('../views/RunView.vue')),
  page('ab', 'A/B comparison', () => import('../views/AbView.vue')),
  page('snapshots', 'Snapshots', () => import('../views/SnapshotsView.vue')),
  page('snapshot', 'Snapshot', () => import('../views/SnapshotView.vue')),
  page('about', 'About and methodology', () => import('../views/AboutView.vue')),
  { path: paths.methodology, redirect: '/about' },
  {
    path: '/:pathMatch(.*)*',
    name: 'not-found',
    component: () => import('../views/NotFoundView.vue'),
    meta: { title: 'Not found' },
  },
]

export const router = createRouter({
  history: createWebHistory(),
  routes,
  // a link to a part of a page (/about#rank-ranges) opens it there; another page opens at its top; a filter change
  // (the same path) stays where it is, and so does the first page loaded (it is at its top already: scrolling there
  // would force a layout before the first paint)
  scrollBehavior: (to, from) =>
    to.hash ? { el: to.hash, top: 8 } : to.path === from.path || from === START_LOCATION ? false : { top: 0 },
})

// The route's title on a new page (a filter change in the query keeps the title); a view with a subject (a framework,
// a run, a scenario) then names it through usePageTitle.
router.afterEach((to, from) => {
  if (to.path !== from.path || from.matched.length === 0)
    document.title = `${(to.meta.title as string) ?? 'Podium'} · Podium`
})
