#!/usr/bin/env python3
"""Turnstile counter soak test.

Simulates a matchday ingress peak against the turnstile counting service:
every simulated gate polls the counter API's per-gate endpoint at the
configured rate. Large stands are modelled as stand -> block -> lane, with
one worker thread per lane, for the whole test window. Latency percentiles
are written to ``soak_results.json``.

    turnstile_counter_soak.py --api http://counter.local:8080 --fanout 4 --depth 2
"""
import argparse
import itertools
import json
import logging
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("gatesoak")


def gate_ids(fanout, depth, prefix="S"):
    """Yield every lane id in the stand tree, e.g. S.0.3."""
    for path in itertools.product(range(fanout), repeat=depth):
        yield ".".join([prefix, *map(str, path)])


def get_count(api, gate_id, timeout=3):
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(f"{api}/v1/counts/{gate_id}", timeout=timeout) as resp:
            resp.read()
            return resp.status, time.perf_counter() - t0
    except (urllib.error.URLError, OSError) as exc:
        log.debug("gate %s: %s", gate_id, exc)
        return None, time.perf_counter() - t0


class Lane:
    def __init__(self, api, gate_id, interval, stop):
        self.api, self.gate_id, self.interval, self.stop = api, gate_id, interval, stop
        self.latencies, self.errors = [], 0

    def run(self, deadline):
        while not self.stop.is_set() and time.time() < deadline:
            status, elapsed = get_count(self.api, self.gate_id)
            if status == 200:
                self.latencies.append(elapsed)
            else:
                self.errors += 1
            self.stop.wait(self.interval)
        return self


def summarise(lanes):
    lat = sorted(x for lane in lanes for x in lane.latencies)
    if not lat:
        return {"requests": 0, "errors": sum(l.errors for l in lanes)}
    q = statistics.quantiles(lat, n=100)
    return {
        "requests": len(lat),
        "errors": sum(l.errors for l in lanes),
        "p50_ms": round(q[49] * 1000, 1),
        "p95_ms": round(q[94] * 1000, 1),
        "p99_ms": round(q[98] * 1000, 1),
        "max_ms": round(lat[-1] * 1000, 1),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api", default="http://127.0.0.1:8080")
    ap.add_argument("--fanout", type=int, default=4)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--rate", type=float, default=1.0, help="requests per second per lane")
    ap.add_argument("--duration", type=int, default=600)
    ap.add_argument("--out", type=Path, default=Path("soak_results.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    ids = list(gate_ids(args.fanout, args.depth))
    if len(ids) > 256:
        log.error("%d lanes requested; cap is 256", len(ids))
        return 2
    stop = threading.Event()
    lanes = [Lane(args.api, g, 1.0 / args.rate, stop) for g in ids]
    deadline = time.time() + args.duration
    log.info("soaking %s with %d lanes for %ds", args.api, len(lanes), args.duration)
    try:
        with ThreadPoolExecutor(max_workers=len(lanes), thread_name_prefix="lane") as pool:
            for fut in [pool.submit(l.run, deadline) for l in lanes]:
                fut.result()
    except KeyboardInterrupt:
        stop.set()
        log.warning("interrupted, writing partial results")
    result = summarise(lanes)
    args.out.write_text(json.dumps(result, indent=2))
    log.info("done: %s", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
