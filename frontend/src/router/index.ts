// Routes: every view is its own chunk (route-level code splitting), so the first page loads only what it shows.
import { createRouter, createWebHistory, type RouteRecordRaw } from 'vue-router'

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/leaderboard/plaintext' },
  { path: '/leaderboard', redirect: '/leaderboard/plaintext' },
  {
    path: '/leaderboard/:scenario',
    name: 'leaderboard',
    component: () => import('../views/LeaderboardView.vue'),
    meta: { title: 'Leaderboard' },
  },
  {
    path: '/scaling',
    name: 'scaling',
    component: () => import('../views/ScalingView.vue'),
    meta: { title: 'Scaling' },
  },
  {
    path: '/latency',
    name: 'latency',
    component: () => import('../views/LatencyView.vue'),
    meta: { title: 'Latency' },
  },
  { path: '/cost', name: 'cost', component: () => import('../views/CostView.vue'), meta: { title: 'Cost' } },
  {
    path: '/history',
    name: 'history',
    component: () => import('../views/HistoryView.vue'),
    meta: { title: 'History' },
  },
  {
    path: '/changes',
    name: 'changes',
    component: () => import('../views/ChangesView.vue'),
    meta: { title: 'Changes' },
  },
  {
    path: '/compare',
    name: 'compare',
    component: () => import('../views/CompareView.vue'),
    meta: { title: 'Compare' },
  },
  {
    path: '/calculator',
    name: 'calculator',
    component: () => import('../views/CalculatorView.vue'),
    meta: { title: 'Migration calculator' },
  },
  {
    path: '/frameworks/:slug',
    name: 'framework',
    component: () => import('../views/FrameworkView.vue'),
    meta: { title: 'Framework' },
  },
  { path: '/runs', name: 'runs', component: () => import('../views/RunsView.vue'), meta: { title: 'Runs' } },
  { path: '/runs/:id', name: 'run', component: () => import('../views/RunView.vue'), meta: { title: 'Run' } },
  {
    path: '/snapshots',
    name: 'snapshots',
    component: () => import('../views/SnapshotsView.vue'),
    meta: { title: 'Snapshots' },
  },
  {
    path: '/snapshots/:slug',
    name: 'snapshot',
    component: () => import('../views/SnapshotView.vue'),
    meta: { title: 'Snapshot' },
  },
  {
    path: '/about',
    name: 'about',
    component: () => import('../views/AboutView.vue'),
    meta: { title: 'About and methodology' },
  },
  { path: '/methodology', redirect: '/about' },
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

router.afterEach((to) => {
  document.title = `${(to.meta.title as string) ?? 'Podium'} · Podium`
})
