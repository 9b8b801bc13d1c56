import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../../theme/reducedMotion';

// Only the charts the data centre draws: this module is imported by the data pages alone, so
// echarts stays out of the login page and the rest of the console (its own chunk).
use([
  LineChart,
  BarChart,
  PieChart,
  FunnelChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

/** An ECharts chart that follows its container's width; the instance is on the element (`__chart`) for tests. */
export const EChart = ({
  option,
  height = 300,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId: string;
}) => {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = init(el);
    chart.current = c;
    (el as HTMLDivElement & { __chart?: EChartsType }).__chart = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // The user's "reduce motion" setting: the series are drawn at once, not grown in.
    chart.current?.setOption(reducedMotion ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, reducedMotion]);
  return <div ref={ref} className="data-chart" style={{ height }} data-testid={testId} />;
};
