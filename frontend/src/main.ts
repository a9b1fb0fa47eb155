// Entry point: the app shell and the router; views load on demand.
import { createApp } from 'vue'
import App from './App.vue'
import { router } from './router'
import './style.css'
import './blocks.css'
import './board.css'

createApp(App).use(router).mount('#app')
