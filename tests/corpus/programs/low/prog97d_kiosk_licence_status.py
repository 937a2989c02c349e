#!/usr/bin/env python3
"""Licence check for the clubhouse booking kiosk.

Run from the kiosk app's start script.  Validates the kiosk licence with the
vendor, caches the result for offline days, and when a licence has been
revoked or has lapsed drops the app's local cache (cached bookings and member
photos) so stale member data does not stay on an unlicensed terminal.
"""

import argparse
import datetime as dt
import hashlib
import json
import logging
import shutil
import sys
from pathlib import Path

import requests

log = logging.getLogger("kiosk-licence")

DEFAULTS = {
    "licence_file": "kiosk.lic",
    "status_url": "https://licensing.kioskvendor.example.com/v1/status",
    "offline_grace_days": 7,
    "state_file": "licence_state.json",
    "cache_dir": "kiosk_cache",
    "purge_on": ["revoked", "expired", "unlicensed"],
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError as exc:
            log.warning("config %s unreadable (%s), using defaults", p, exc)
    return cfg


class LicenceChecker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.state_path = Path(cfg["state_file"])

    def _licence(self):
        p = Path(self.cfg["licence_file"])
        if not p.exists():
            return None
        text = p.read_text().strip()
        return {"key": text, "fingerprint": hashlib.sha256(text.encode()).hexdigest()[:16]}

    def _state(self):
        try:
            return json.loads(self.state_path.read_text())
        except (OSError, ValueError):
            return {}

    def _save_state(self, status):
        self.state_path.write_text(json.dumps({"status": status, "checked": dt.date.today().isoformat()}))

    def status(self):
        lic = self._licence()
        if lic is None:
            return "unlicensed"
        try:
            r = requests.get(self.cfg["status_url"], params={"fp": lic["fingerprint"]},
                             headers={"X-Kiosk-Licence": lic["key"]}, timeout=10)
            r.raise_for_status()
            status = r.json().get("status", "unknown")
            self._save_state(status)
            return status
        except (requests.RequestException, ValueError) as exc:
            log.warning("licence server unreachable: %s", exc)
            st = self._state()
            if not st:
                return "unlicensed"
            age = (dt.date.today() - dt.date.fromisoformat(st["checked"])).days
            if age > self.cfg["offline_grace_days"]:
                return "expired"
            return st.get("status", "unknown")


def purge_cache(cfg, dry_run=False):
    root = Path.cwd() / cfg["cache_dir"]
    if Path.cwd() not in root.resolve().parents:
        log.error("cache_dir %s is outside the kiosk app directory, not touching it", root)
        return
    if not root.exists():
        return
    if dry_run:
        log.info("would clear kiosk cache at %s", root)
        return
    log.info("clearing kiosk cache at %s", root)
    shutil.rmtree(root, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="kiosk.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    status = LicenceChecker(cfg).status()
    log.info("kiosk licence status: %s", status)

    if status in cfg["purge_on"]:
        purge_cache(cfg, args.dry_run)
        return 3
    if status not in ("active", "grace"):
        log.warning("unexpected licence status %r, leaving kiosk as is", status)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
