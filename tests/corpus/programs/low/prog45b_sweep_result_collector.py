#!/usr/bin/env python3
"""Collect per-task results of a Slurm array sweep and publish a summary.

Each array task leaves ``runs/task_<N>/metrics.json`` in the submission
directory.  This collector merges them into ``sweep_summary.csv`` and pushes
one JSON document to the group's results tracker, authenticated with the
tracker token from RESULTS_TRACKER_TOKEN.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import statistics
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("collector")


class TrackerClient:
    def __init__(self, endpoint: str, token: str, timeout: float = 15.0):
        parts = urlsplit(endpoint)
        self.host, self.path = parts.netloc, parts.path or "/"
        self.token = token
        self.timeout = timeout

    def publish(self, document: dict) -> int:
        body = json.dumps(document).encode()
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            conn.request("POST", self.path, body=body, headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.token}",
            })
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


def load_tasks(runs_dir: Path):
    for metrics in sorted(runs_dir.glob("task_*/metrics.json")):
        try:
            record = json.loads(metrics.read_text())
        except json.JSONDecodeError as exc:
            log.warning("skipping %s: %s", metrics, exc)
            continue
        record["task"] = metrics.parent.name.split("_", 1)[1]
        yield record


def summarise(records):
    walltimes = [r["walltime_s"] for r in records if "walltime_s" in r]
    residuals = [r["final_residual"] for r in records if "final_residual" in r]
    return {
        "tasks": len(records),
        "failed": sum(1 for r in records if r.get("exit_code", 0) != 0),
        "walltime_median_s": statistics.median(walltimes) if walltimes else None,
        "residual_max": max(residuals) if residuals else None,
    }


def write_csv(records, dest: Path):
    fields = sorted({k for r in records for k in r})
    with dest.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(records)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", default="runs")
    ap.add_argument("--sweep-id", default=os.environ.get("SLURM_ARRAY_JOB_ID", "local"))
    ap.add_argument("--tracker", default="https://tracker.cfdlab.example.org/api/sweeps")
    ap.add_argument("--no-publish", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    records = list(load_tasks(Path(args.runs)))
    if not records:
        log.error("no task results under %s", args.runs)
        return 1
    write_csv(records, Path("sweep_summary.csv"))
    summary = summarise(records)
    log.info("summary: %s", summary)

    token = os.environ.get("RESULTS_TRACKER_TOKEN")
    if args.no_publish or not token:
        log.info("not publishing (token missing or --no-publish)")
        return 0
    client = TrackerClient(args.tracker, token)
    status = client.publish({"sweep": args.sweep_id, "summary": summary})
    log.info("tracker answered HTTP %d", status)
    return 0 if status < 300 else 3


if __name__ == "__main__":
    raise SystemExit(main())
