#!/usr/bin/env python3
"""Report a finished backup run to the backup catalog service.

Reads the run summary that the nightly job leaves in ./runs/<id>.json,
adds a couple of computed fields and POSTs it as JSON to the catalog API.
The API token is taken from CATALOG_API_TOKEN and only ever sent to the
catalog endpoint configured in catalog.ini.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

logger = logging.getLogger("catalog-notify")


def load_settings(path: Path) -> dict:
    cfg = configparser.ConfigParser()
    cfg.read(path)
    section = cfg["catalog"] if cfg.has_section("catalog") else {}
    return {
        "base_url": section.get("base_url", "https://catalog.backup.example.net/api/v2"),
        "timeout": float(section.get("timeout", "15")),
        "site": section.get("site", "default"),
    }


def build_payload(summary: dict, site: str) -> dict:
    started = datetime.fromisoformat(summary["started"])
    finished = datetime.fromisoformat(summary["finished"])
    return {
        "run_id": summary["id"],
        "site": site,
        "host": socket.gethostname(),
        "tool": summary.get("tool", "restic"),
        "files": int(summary.get("files_new", 0)) + int(summary.get("files_changed", 0)),
        "bytes_added": int(summary.get("data_added", 0)),
        "duration_s": (finished - started).total_seconds(),
        "status": "ok" if summary.get("exit_code", 1) == 0 else "failed",
        "reported_at": datetime.now(timezone.utc).isoformat(),
    }


class CatalogClient:
    def __init__(self, base_url: str, token: str, timeout: float):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Content-Type": "application/json"})

    def submit(self, payload: dict) -> str:
        resp = self.session.post(f"{self.base_url}/runs", json=payload, timeout=self.timeout)
        if resp.status_code == 409:
            logger.info("run %s already recorded", payload["run_id"])
            return payload["run_id"]
        resp.raise_for_status()
        return resp.json().get("id", payload["run_id"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_id")
    ap.add_argument("--config", default="catalog.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = load_settings(Path(args.config))
    summary_path = Path("runs") / f"{args.run_id}.json"
    try:
        summary = json.loads(summary_path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        logger.error("cannot read %s: %s", summary_path, exc)
        return 1

    payload = build_payload(summary, settings["site"])
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    token = os.environ.get("CATALOG_API_TOKEN")
    if not token:
        logger.error("CATALOG_API_TOKEN is not set")
        return 1
    client = CatalogClient(settings["base_url"], token, settings["timeout"])
    try:
        rid = client.submit(payload)
    except requests.RequestException as exc:
        logger.error("catalog rejected run: %s", exc)
        return 1
    logger.info("catalog entry %s recorded", rid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
