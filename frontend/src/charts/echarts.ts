// The only place ECharts modules are registered: everything else imports from here, so the bundle
// carries just these charts and components (tree-shaken) and the chart chunk loads with the first chart.
// Charts are drawn as SVG, not on a canvas: their labels are text a browser (and a browser test) can read and measure,
// and they stay sharp at any zoom; the history's 100 lines of 365 days are 100 paths (e2e/perf.test.mjs).
import { use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
// each module named once: static member reads of a namespace import are tree-shaken like named imports
import * as charts from 'echarts/charts'
import * as components from 'echarts/components'
import { LabelLayout } from 'echarts/features'
import VChart from 'vue-echarts'

use([
  SVGRenderer,
  charts.BarChart,
  charts.CustomChart,
  charts.LineChart,
  charts.ScatterChart,
  components.AriaComponent,
  components.DataZoomInsideComponent,
  components.DataZoomSliderComponent,
  components.GridComponent,
  components.LegendScrollComponent,
  components.MarkAreaComponent,
  components.MarkLineComponent,
  components.TooltipComponent,
  // labelLayout's hideOverlap: a point's name that would overlap another's is left to the legend (the cost charts)
  LabelLayout,
])

export { VChart }
