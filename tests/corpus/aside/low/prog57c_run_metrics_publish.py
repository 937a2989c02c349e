#!/usr/bin/env python3
"""Publish the summary metrics of a finished training/simulation run to the
lab's experiment tracker (REST API, token in TRACKER_API_TOKEN).
"""
import argparse
import json
import logging
import os
import platform
import queue
import sys
import threading
from pathlib import Path

import requests

LOG = logging.getLogger("publish")
API_URL = os.environ.get("TRACKER_URL", "https://tracker.materials-lab.org/api/v1")


def read_metrics(path):
    """metrics.jsonl: one JSON object per logged step."""
    rows = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                rows.append(json.loads(line))
    return rows


def summarise(rows):
    keys = {k for r in rows for k, v in r.items() if isinstance(v, (int, float))}
    summary = {}
    for k in sorted(keys):
        vals = [r[k] for r in rows if k in r]
        summary[k] = {"last": vals[-1], "min": min(vals), "max": max(vals)}
    return summary


def run_context(run_dir):
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "node": platform.node(),
        "config": json.loads((run_dir / "config.json").read_text())
        if (run_dir / "config.json").exists() else {},
    }


def uploader(q, token, results):
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}",
                            "Content-Type": "application/json"})
    while True:
        item = q.get()
        if item is None:
            break
        endpoint, payload = item
        try:
            r = session.post(f"{API_URL}/{endpoint}", json=payload, timeout=15)
            r.raise_for_status()
            results.append(r.json().get("id"))
        except requests.RequestException as exc:
            LOG.error("upload to %s failed: %s", endpoint, exc)
        finally:
            q.task_done()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--project", default="perovskite-dft")
    ap.add_argument("--tag", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("TRACKER_API_TOKEN")
    if not token:
        sys.exit("TRACKER_API_TOKEN is not set")
    rows = read_metrics(args.run_dir / "metrics.jsonl")
    payload = {
        "project": args.project,
        "run": args.run_dir.name,
        "tags": args.tag,
        "summary": summarise(rows),
        "context": run_context(args.run_dir),
    }
    q, results = queue.Queue(), []
    worker = threading.Thread(target=uploader, args=(q, token, results), daemon=True)
    worker.start()
    q.put(("runs", payload))
    q.put(None)
    worker.join(timeout=60)
    LOG.info("published %s", results or "nothing")


if __name__ == "__main__":
    main()
