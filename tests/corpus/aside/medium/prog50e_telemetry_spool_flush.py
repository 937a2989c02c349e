#!/usr/bin/env python3
"""Flush the telemetry agent's on-disk spool to the metrics collector.

The in-process agent writes batches of metric samples as pickled objects into
./spool/ when the collector is unreachable. This tool loads those batches,
aggregates them per metric name and POSTs the aggregates to the collector.
"""
import argparse
import collections
import json
import logging
import os
import pickle
import statistics
from pathlib import Path

import requests

logger = logging.getLogger("spool-flush")


class Batch:
    """Shape of the objects the agent pickles (kept for unpickling)."""

    def __init__(self, host, samples):
        self.host = host
        self.samples = samples  # list of (name, timestamp, value)


def read_batches(spool_dir):
    for path in sorted(Path(spool_dir).glob("batch-*.pkl")):
        try:
            with path.open("rb") as fh:
                batch = pickle.load(fh)
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            logger.warning("corrupt spool file %s: %s", path.name, exc)
            path.rename(path.with_suffix(".bad"))
            continue
        yield path, batch


def aggregate(batches):
    values = collections.defaultdict(list)
    hosts = set()
    for _, batch in batches:
        hosts.add(getattr(batch, "host", "unknown"))
        for name, _ts, value in getattr(batch, "samples", []):
            values[name].append(float(value))
    result = {}
    for name, vals in values.items():
        result[name] = {
            "count": len(vals),
            "min": min(vals),
            "max": max(vals),
            "mean": statistics.fmean(vals),
        }
    return sorted(hosts), result


def push(url, token, hosts, metrics, timeout):
    payload = {"hosts": hosts, "metrics": metrics, "source": "spool-flush"}
    resp = requests.post(url, json=payload, timeout=timeout,
                         headers={"X-Collector-Token": token})
    resp.raise_for_status()
    return resp.status_code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--collector", default="https://metrics.internal.example.net/api/ingest")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--keep", action="store_true", help="do not delete flushed files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    token = os.environ.get("COLLECTOR_TOKEN", "")
    batches = list(read_batches(args.spool))
    if not batches:
        logger.info("spool empty")
        return
    hosts, metrics = aggregate(batches)
    logger.info("aggregated %d metric(s) from %d batch(es)", len(metrics), len(batches))
    try:
        status = push(args.collector, token, hosts, metrics, args.timeout)
    except requests.RequestException as exc:
        logger.error("collector unreachable, spool kept: %s", exc)
        return
    logger.info("collector answered %s", status)
    if not args.keep:
        for path, _ in batches:
            path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
