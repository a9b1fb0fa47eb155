// v-stack-table: on a phone (board.css, max-width 640px) the table's rows become cards, each cell labelled by its
// column's header, so that no number sits off-screen. The directive copies each header into its cells' data-label.
// `v-stack-table="false"` leaves the table as it is (DataTable's flat tables).
import type { Directive } from 'vue'

function label(table: HTMLTableElement) {
  const headers = [...table.querySelectorAll('thead tr:last-child th')].map((th) => (th.textContent ?? '').trim())
  for (const row of table.querySelectorAll('tbody tr')) {
    ;[...row.children].forEach((cell, i) => {
      if (headers[i] && cell.getAttribute('data-label') !== headers[i]) cell.setAttribute('data-label', headers[i])
    })
  }
}

export const vStackTable: Directive<HTMLTableElement, boolean | undefined> = {
  mounted(el, binding) {
    if (binding.value === false) return
    el.classList.add('stack')
    label(el)
  },
  updated(el, binding) {
    if (binding.value !== false) label(el)
  },
}
