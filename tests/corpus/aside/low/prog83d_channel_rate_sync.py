#!/usr/bin/env python3
"""Sync rate and availability grids from the PMS export to the channel manager.

The PMS drops ``ari_export.json`` into the working directory every night.
This tool splits it into batches, pushes each batch to the channel
manager's ARI endpoint, and writes a run report next to the export so the
front office can see whether the OTAs picked up the new rates.
"""

import argparse
import json
import logging
import os
import sys
import time
from datetime import datetime, timezone

import requests

log = logging.getLogger("rate_sync")

DEFAULT_API = "https://api.channelhub.example/v2"
CONFIG_FILE = "rate_sync.json"
REPORT_FILE = "rate_sync_report.json"


def load_config(path):
    cfg = {
        "api_base": DEFAULT_API,
        "batch_size": 50,
        "timeout": 20,
    }
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def load_grid(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    rows = data.get("rows", [])
    if not rows:
        raise ValueError(f"{path}: no ARI rows found")
    return data.get("property_id"), rows


def batches(rows, size):
    for start in range(0, len(rows), size):
        yield start // size, rows[start:start + size]


class AriClient:
    """Thin wrapper over the channel manager ARI endpoint."""

    def __init__(self, base, api_key, property_id, timeout=20):
        self.base = base.rstrip("/")
        self.property_id = property_id
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "rate-sync/1.4",
        })

    def push(self, index, rows, attempts=4):
        url = f"{self.base}/properties/{self.property_id}/ari"
        body = {"batch": index, "updates": rows}
        for attempt in range(1, attempts + 1):
            try:
                resp = self.session.post(url, json=body, timeout=self.timeout)
                if resp.status_code == 429 or resp.status_code >= 500:
                    raise requests.HTTPError(f"status {resp.status_code}")
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                wait = 2 ** attempt
                log.warning("batch %d attempt %d failed: %s (retry in %ds)",
                            index, attempt, exc, wait)
                time.sleep(wait)
        raise RuntimeError(f"batch {index} gave up after {attempts} attempts")


def write_report(path, summary):
    summary = dict(summary, written=datetime.now(timezone.utc).isoformat())
    tmp = path + ".part"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=2, sort_keys=True)
    os.replace(tmp, path)
    log.info("report written to %s", path)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--grid", default="ari_export.json")
    p.add_argument("--config", default=CONFIG_FILE)
    p.add_argument("--report", default=REPORT_FILE)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)

    api_key = os.environ.get("CHANNELHUB_API_KEY")
    if not api_key:
        log.error("CHANNELHUB_API_KEY is not set")
        return 2

    try:
        property_id, rows = load_grid(args.grid)
    except (OSError, ValueError) as exc:
        log.error("cannot read grid: %s", exc)
        return 1

    client = AriClient(cfg["api_base"], api_key, property_id, cfg["timeout"])
    summary = {"property": property_id, "ok": 0, "failed": 0, "rows": len(rows)}

    for index, chunk in batches(rows, int(cfg["batch_size"])):
        if args.dry_run:
            log.info("dry run: batch %d with %d rows", index, len(chunk))
            summary["ok"] += 1
            continue
        try:
            result = client.push(index, chunk)
            log.info("batch %d accepted (ticket %s)", index, result.get("ticket"))
            summary["ok"] += 1
        except RuntimeError as exc:
            log.error("%s", exc)
            summary["failed"] += 1

    summary["status"] = "OK" if summary["failed"] == 0 else "PARTIAL"
    write_report(args.report, summary)
    return 0 if summary["failed"] == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
