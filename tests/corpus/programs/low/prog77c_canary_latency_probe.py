#!/usr/bin/env python3
"""Canary latency probe.

Sends a short series of HEAD and GET requests to each canary endpoint,
computes p50/p95 latency and the error rate, and compares them against the
baseline recorded for the stable pool.  Exits 1 if the canary regresses so
the deploy pipeline can halt the rollout.
"""
import argparse
import json
import logging
import statistics
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("canary-latency")


def timed_request(url, method, timeout):
    req = urllib.request.Request(url, method=method, headers={"User-Agent": "canary-latency/1.2"})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            if method == "GET":
                resp.read(65536)
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        LOG.debug("%s %s failed: %s", method, url, exc)
        return None, None
    return status, (time.perf_counter() - started) * 1000


def percentile(values, pct):
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[k]


def probe_endpoint(url, samples, interval, timeout):
    latencies, errors = [], 0
    for i in range(samples):
        method = "HEAD" if i % 2 == 0 else "GET"
        status, ms = timed_request(url, method, timeout)
        if status is None or status >= 500:
            errors += 1
        elif ms is not None:
            latencies.append(ms)
        time.sleep(interval)
    return {
        "url": url,
        "samples": samples,
        "errors": errors,
        "error_rate": round(errors / samples, 4) if samples else 0.0,
        "p50_ms": percentile(latencies, 50),
        "p95_ms": percentile(latencies, 95),
        "mean_ms": round(statistics.fmean(latencies), 2) if latencies else None,
    }


def regressed(result, base, max_ratio, max_error_rate):
    reasons = []
    if result["error_rate"] > max_error_rate:
        reasons.append(f"error rate {result['error_rate']:.2%} > {max_error_rate:.2%}")
    if base and result["p95_ms"] and base.get("p95_ms"):
        ratio = result["p95_ms"] / base["p95_ms"]
        if ratio > max_ratio:
            reasons.append(f"p95 {result['p95_ms']:.0f}ms is {ratio:.2f}x baseline")
    return reasons


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--targets", default="canary-targets.json",
                    help='JSON list of {"name": ..., "url": ...}')
    ap.add_argument("--baseline", default="latency-baseline.json")
    ap.add_argument("--samples", type=int, default=20)
    ap.add_argument("--interval", type=float, default=0.5)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--max-ratio", type=float, default=1.3)
    ap.add_argument("--max-error-rate", type=float, default=0.02)
    ap.add_argument("--report", default="canary-latency.json")
    ap.add_argument("--update-baseline", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        targets = json.loads(Path(args.targets).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read targets: %s", exc)
        return 2
    baseline_path = Path(args.baseline)
    baseline = json.loads(baseline_path.read_text()) if baseline_path.exists() else {}

    report, failing = {}, []
    for target in targets:
        result = probe_endpoint(target["url"], args.samples, args.interval, args.timeout)
        report[target["name"]] = result
        reasons = regressed(result, baseline.get(target["name"]), args.max_ratio, args.max_error_rate)
        if reasons:
            failing.append(target["name"])
            LOG.warning("%s regressed: %s", target["name"], "; ".join(reasons))
        else:
            LOG.info("%s ok p50=%s p95=%s", target["name"], result["p50_ms"], result["p95_ms"])

    Path(args.report).write_text(json.dumps(report, indent=2), encoding="utf-8")
    if args.update_baseline and not failing:
        baseline_path.write_text(json.dumps(report, indent=2), encoding="utf-8")
        LOG.info("baseline updated")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
