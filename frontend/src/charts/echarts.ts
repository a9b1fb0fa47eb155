// The only place ECharts modules are registered: everything else imports from here, so the bundle
// carries just these charts and components (tree-shaken) and the chart chunk loads with the first chart.
// Charts are drawn as SVG, not on a canvas: their labels are text a browser (and a browser test) can read and measure,
// and they stay sharp at any zoom; the history's 100 lines of 365 days are 100 paths (e2e/perf.test.mjs).
import { use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { BarChart, CustomChart, LineChart, ScatterChart } from 'echarts/charts'
import {
  AriaComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components'
import { LabelLayout } from 'echarts/features'
import VChart from 'vue-echarts'

use([
  SVGRenderer,
  BarChart,
  CustomChart,
  LineChart,
  ScatterChart,
  AriaComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  // labelLayout's hideOverlap: a point's name that would overlap another's is left to the legend (the cost charts)
  LabelLayout,
])

export { VChart }
