// Entry point: the app shell and the router; views load on demand.
import { createApp } from 'vue'
import App from './App.vue'
import { router } from './router'
import './style.css'
import './blocks.css'
import './board.css'
import { fetchEarly, HOME_BOARD } from './api/early'

// the home page's board, asked for while the view's scripts load (src/api/early.ts)
if ((location.pathname === '/' || location.pathname === '/leaderboard/plaintext') && location.search === '')
  fetchEarly(HOME_BOARD)

createApp(App).use(router).mount('#app')
