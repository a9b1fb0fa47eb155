-- podium-agent: print wrk's summary as one JSON line (latencies in microseconds) for the agent to parse.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'PODIUM_WRK {"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,' ..
    '"errors":{"connect":%.0f,"read":%.0f,"write":%.0f,"timeout":%.0f,"status":%.0f},' ..
    '"latencyUs":{"min":%.0f,"max":%.0f,"mean":%.3f,"stdev":%.3f,' ..
    '"p50":%.0f,"p75":%.0f,"p90":%.0f,"p99":%.0f,"p999":%.0f}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.timeout, e.status,
    latency.min, latency.max, latency.mean, latency.stdev,
    latency:percentile(50), latency:percentile(75), latency:percentile(90),
    latency:percentile(99), latency:percentile(99.9)))
end
