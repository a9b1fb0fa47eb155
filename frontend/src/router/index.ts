// Routes: every view is its own chunk (route-level code splitting), so the first page loads only what it shows.
// The paths come from paths.json, the one list of the site's pages: the service answers 404 for any other path.
import { createRouter, createWebHistory, type RouteRecordRaw } from 'vue-router'
import paths from './paths.json'

export const routes: RouteRecordRaw[] = [
  { path: paths.home, redirect: '/leaderboard/plaintext' },
  { path: paths.leaderboards, redirect: '/leaderboard/plaintext' },
  {
    path: paths.leaderboard,
    name: 'leaderboard',
    component: () => import('../views/LeaderboardView.vue'),
    meta: { title: 'Leaderboard' },
  },
  {
    path: paths.scaling,
    name: 'scaling',
    component: () => import('../views/ScalingView.vue'),
    meta: { title: 'Scaling' },
  },
  {
    path: paths.latency,
    name: 'latency',
    component: () => import('../views/LatencyView.vue'),
    meta: { title: 'Latency' },
  },
  { path: paths.cost, name: 'cost', component: () => import('../views/CostView.vue'), meta: { title: 'Cost' } },
  {
    path: paths.history,
    name: 'history',
    component: () => import('../views/HistoryView.vue'),
    meta: { title: 'History' },
  },
  {
    path: paths.changes,
    name: 'changes',
    component: () => import('../views/ChangesView.vue'),
    meta: { title: 'Changes' },
  },
  {
    path: paths.compare,
    name: 'compare',
    component: () => import('../views/CompareView.vue'),
    meta: { title: 'Compare' },
  },
  {
    path: paths.calculator,
    name: 'calculator',
    component: () => import('../views/CalculatorView.vue'),
    meta: { title: 'Migration calculator' },
  },
  {
    path: paths.frameworks,
    name: 'frameworks',
    component: () => import('../views/FrameworksView.vue'),
    meta: { title: 'Frameworks' },
  },
  {
    path: paths.framework,
    name: 'framework',
    component: () => import('../views/FrameworkView.vue'),
    meta: { title: 'Framework' },
  },
  { path: paths.runs, name: 'runs', component: () => import('../views/RunsView.vue'), meta: { title: 'Runs' } },
  { path: paths.run, name: 'run', component: () => import('../views/RunView.vue'), meta: { title: 'Run' } },
  {
    path: paths.snapshots,
    name: 'snapshots',
    component: () => import('../views/SnapshotsView.vue'),
    meta: { title: 'Snapshots' },
  },
  {
    path: paths.snapshot,
    name: 'snapshot',
    component: () => import('../views/SnapshotView.vue'),
    meta: { title: 'Snapshot' },
  },
  {
    path: paths.about,
    name: 'about',
    component: () => import('../views/AboutView.vue'),
    meta: { title: 'About and methodology' },
  },
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
  scrollBehavior: (to, from) => (to.path === from.path ? false : { top: 0 }),
})

// The route's title on a new page (a filter change in the query keeps the title); a view with a subject (a framework,
// a run, a scenario) then names it through usePageTitle.
router.afterEach((to, from) => {
  if (to.path !== from.path || from.matched.length === 0)
    document.title = `${(to.meta.title as string) ?? 'Podium'} · Podium`
})
