#!/usr/bin/env python3
"""Steward rota sync.

Takes the matchday steward rota exported from the stewarding office spreadsheet
(``rota.csv`` in the working directory) and pushes it to the workforce
platform so stewards see their gate and shift in the app.

Environment:
    ROTA_API_URL   base URL of the workforce API (default below)
    ROTA_API_KEY   API key issued to the stewarding office integration
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("rota_sync")

DEFAULT_API = "https://api.workforce-platform.example/v2"
REQUIRED = ("steward_id", "name", "gate", "shift_start", "shift_end")


class RotaClient:
    def __init__(self, base_url, api_key, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "rota-sync/1.4",
        })
        self.timeout = timeout

    def _post(self, path, payload, retries=3):
        url = f"{self.base_url}{path}"
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, data=json.dumps(payload), timeout=self.timeout)
                if resp.status_code in (502, 503, 504):
                    raise requests.HTTPError(f"gateway {resp.status_code}", response=resp)
                resp.raise_for_status()
                return resp.json()
            except (requests.ConnectionError, requests.HTTPError, requests.Timeout) as exc:
                log.warning("POST %s failed (%s), attempt %d/%d", path, exc, attempt, retries)
                if attempt == retries:
                    raise
                time.sleep(2 ** attempt)

    def push_rota(self, event_id, shifts):
        return self._post(f"/events/{event_id}/rota", {"shifts": shifts})


def load_rota(path):
    shifts, errors = [], []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            missing = [c for c in REQUIRED if not (row.get(c) or "").strip()]
            if missing:
                errors.append(f"line {lineno}: missing {', '.join(missing)}")
                continue
            try:
                start = datetime.strptime(row["shift_start"], "%Y-%m-%d %H:%M")
                end = datetime.strptime(row["shift_end"], "%Y-%m-%d %H:%M")
            except ValueError as exc:
                errors.append(f"line {lineno}: {exc}")
                continue
            if end <= start:
                errors.append(f"line {lineno}: shift ends before it starts")
                continue
            shifts.append({
                "stewardId": row["steward_id"].strip(),
                "name": row["name"].strip(),
                "gate": row["gate"].strip().upper(),
                "role": (row.get("role") or "steward").strip().lower(),
                "start": start.isoformat(),
                "end": end.isoformat(),
            })
    return shifts, errors


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push the steward rota to the workforce platform")
    ap.add_argument("event_id", help="fixture/event id on the workforce platform")
    ap.add_argument("--rota", type=Path, default=Path("rota.csv"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ROTA_API_KEY")
    if not api_key and not args.dry_run:
        log.error("ROTA_API_KEY is not set")
        return 2
    if not args.rota.is_file():
        log.error("rota file %s not found", args.rota)
        return 2

    shifts, errors = load_rota(args.rota)
    for err in errors:
        log.warning(err)
    log.info("%d shifts parsed, %d rows rejected", len(shifts), len(errors))
    if args.dry_run:
        Path("rota_preview.json").write_text(json.dumps(shifts, indent=2))
        log.info("dry run: wrote rota_preview.json")
        return 0

    client = RotaClient(os.environ.get("ROTA_API_URL", DEFAULT_API), api_key)
    try:
        result = client.push_rota(args.event_id, shifts)
    except requests.RequestException as exc:
        log.error("sync failed: %s", exc)
        return 1
    log.info("platform accepted %s shifts (batch %s)", result.get("accepted"), result.get("batchId"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
