#!/usr/bin/env python3
"""Measure latency added by a forward proxy.

Fetches each URL N times directly and N times through the proxy, then writes
per-request timings to a CSV in the working directory and prints percentiles.
"""
import argparse
import csv
import logging
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests

log = logging.getLogger("pxbench")


def timed_get(session: requests.Session, url: str, proxies: dict,
              timeout: float) -> tuple:
    t0 = time.perf_counter()
    try:
        r = session.get(url, proxies=proxies, timeout=timeout,
                        allow_redirects=False)
        status = r.status_code
        size = len(r.content)
    except requests.RequestException as exc:
        log.debug("GET %s failed: %s", url, exc)
        status, size = 0, 0
    return status, size, (time.perf_counter() - t0) * 1000.0


def run_mode(label: str, urls: list, proxies: dict, rounds: int,
             workers: int, timeout: float) -> list:
    rows = []
    session = requests.Session()
    session.trust_env = False  # only use the proxy we pass explicitly
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(timed_get, session, u, proxies, timeout): u
                   for u in urls for _ in range(rounds)}
        for fut in as_completed(futures):
            status, size, ms = fut.result()
            rows.append({"mode": label, "url": futures[fut], "status": status,
                         "bytes": size, "ms": round(ms, 2)})
    return rows


def percentiles(values: list) -> str:
    if len(values) < 2:
        return "n/a"
    q = statistics.quantiles(values, n=100)
    return f"p50={q[49]:.1f}ms p90={q[89]:.1f}ms p99={q[98]:.1f}ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--proxy", default="http://127.0.0.1:3128")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", default="proxy-bench.csv")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.rounds < 1 or args.workers < 1:
        log.error("rounds and workers must be positive")
        return 2

    proxied = {"http": args.proxy, "https": args.proxy}
    rows = run_mode("direct", args.urls, {}, args.rounds, args.workers,
                    args.timeout)
    rows += run_mode("proxy", args.urls, proxied, args.rounds, args.workers,
                     args.timeout)

    out = Path(args.out)
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["mode", "url", "status",
                                                "bytes", "ms"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), out)

    failures = 0
    for mode in ("direct", "proxy"):
        ok = [r["ms"] for r in rows if r["mode"] == mode and r["status"]]
        bad = sum(1 for r in rows if r["mode"] == mode and not r["status"])
        failures += bad
        print(f"{mode:>6}: {len(ok)} ok, {bad} failed, {percentiles(ok)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
