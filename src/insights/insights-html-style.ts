// Inline styles only: the page loads nothing (the CSP below forbids it), so it opens offline.
export const INSIGHTS_HTML_STYLE = `
  body { font-family: system-ui, sans-serif; color: #1f2328; margin: 0; background: #f6f8fa; }
  main { max-width: 800px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; }
  h2 { font-size: 1.15rem; margin: 28px 0 8px; }
  .meta { color: #57606a; margin: 0 0 20px; }
  .figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; }
  .figure { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px; min-width: 0; }
  .figure.wide { grid-column: span 2; }
  .figure .value { font-size: 1.4rem; font-weight: 600; overflow-wrap: break-word; }
  .figure .value.none { color: #57606a; font-weight: 400; }
  .figure .label { color: #57606a; font-size: 0.85rem; }
  section.chart-section { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 12px 16px; margin-top: 16px; }
  svg.chart { display: block; max-width: 640px; margin: 0 auto; }
  table { border-collapse: collapse; width: 100%; font-size: 0.85rem; margin-top: 8px; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #d0d7de; }
  td.num, th.num { text-align: right; }
  @media (max-width: 340px) { .figure.wide { grid-column: auto; } }
  @media (max-width: 520px) {
    main { padding: 12px; }
    section.chart-section { padding: 8px; }
    th, td { padding: 4px; }
  }
  @media (prefers-color-scheme: dark) {
    body { background: #0d1117; color: #e6edf3; }
    .figure, section.chart-section { background: #161b22; border-color: #30363d; }
  }
`;
