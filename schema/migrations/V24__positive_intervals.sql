-- Intervals of positive figures on the log scale (issue 40): a cell's 95% interval was the t interval of the mean,
-- symmetric around the plain mean, and over two JVM starts (t = 12.7) it crossed zero ("-11,147 - 57,307 req per
-- CPU-s"). It is now the same t interval taken to the log scale around the figure the cell shows (the delta method:
-- half-width over the mean is the standard error of the log, times t): figure x exp(-h / mean) to figure x exp(h / mean),
-- positive, asymmetric, and around the figure it is shown with (backend stats.PositiveInterval; CellStatistics
-- stores new cells so). rps_ci_method keeps naming the t interval it is taken from. Every update reads the old row.
update cells set
    rps_ci_low  = rps_trimmed_mean * exp(-((rps_ci_high - rps_ci_low) / 2) / rps_mean),
    rps_ci_high = rps_trimmed_mean * exp(((rps_ci_high - rps_ci_low) / 2) / rps_mean)
where rps_ci_low is not null and rps_ci_high is not null and rps_mean > 0 and rps_trimmed_mean > 0;

update cells set
    req_per_cpu_second_ci_low  = req_per_cpu_second * exp(-((req_per_cpu_second_ci_high - req_per_cpu_second_ci_low) / 2) / req_per_cpu_second),
    req_per_cpu_second_ci_high = req_per_cpu_second * exp(((req_per_cpu_second_ci_high - req_per_cpu_second_ci_low) / 2) / req_per_cpu_second)
where req_per_cpu_second_ci_low is not null and req_per_cpu_second_ci_high is not null and req_per_cpu_second > 0;

update cells set
    rps_per_vcpu_ci_low  = rps_per_vcpu * exp(-((rps_per_vcpu_ci_high - rps_per_vcpu_ci_low) / 2) / rps_per_vcpu),
    rps_per_vcpu_ci_high = rps_per_vcpu * exp(((rps_per_vcpu_ci_high - rps_per_vcpu_ci_low) / 2) / rps_per_vcpu)
where rps_per_vcpu_ci_low is not null and rps_per_vcpu_ci_high is not null and rps_per_vcpu > 0;

update cells set
    rss_mb_per_krps_ci_low  = rss_mb_per_krps * exp(-((rss_mb_per_krps_ci_high - rss_mb_per_krps_ci_low) / 2) / rss_mb_per_krps),
    rss_mb_per_krps_ci_high = rss_mb_per_krps * exp(((rss_mb_per_krps_ci_high - rss_mb_per_krps_ci_low) / 2) / rss_mb_per_krps)
where rss_mb_per_krps_ci_low is not null and rss_mb_per_krps_ci_high is not null and rss_mb_per_krps > 0;

update cells set
    allocated_bytes_per_request_ci_low  = allocated_bytes_per_request * exp(-((allocated_bytes_per_request_ci_high - allocated_bytes_per_request_ci_low) / 2) / allocated_bytes_per_request),
    allocated_bytes_per_request_ci_high = allocated_bytes_per_request * exp(((allocated_bytes_per_request_ci_high - allocated_bytes_per_request_ci_low) / 2) / allocated_bytes_per_request)
where allocated_bytes_per_request_ci_low is not null and allocated_bytes_per_request_ci_high is not null and allocated_bytes_per_request > 0;
