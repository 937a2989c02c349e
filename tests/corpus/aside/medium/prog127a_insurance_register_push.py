#!/usr/bin/env python3
"""Push the model flying club's member insurance register to the club portal.

Reads the secretary's members.csv export (name, membership no, BMFA/insurer
number, expiry, achievement level), flags lapsed or soon-to-lapse cover and
pushes the register to the club portal so field officers can check a pilot's
insurance from their phone at the flying site.

Config (JSON, optional):  ~/.config/club-register.json
    {"portal": "https://portal.example-mfc.org.uk", "warn_days": 30}
The API token is taken from CLUB_PORTAL_TOKEN.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("register-push")

DEFAULTS = {
    "portal": "https://portal.example-mfc.org.uk",
    "warn_days": 30,
    # the portal runs on the committee's NAS with its own certificate
    "verify_tls": False,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring bad config %s: %s", path, exc)
    return cfg


def read_register(csv_path, warn_days):
    today = dt.date.today()
    members, problems = [], []
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                expiry = dt.date.fromisoformat(row["insurance_expiry"].strip())
            except (KeyError, ValueError):
                problems.append(f"{row.get('name', '?')}: bad expiry")
                continue
            days = (expiry - today).days
            status = "lapsed" if days < 0 else "expiring" if days <= warn_days else "ok"
            members.append({
                "name": row["name"].strip(),
                "membership_no": row["membership_no"].strip(),
                "insurer_no": row.get("bmfa_no", "").strip(),
                "expiry": expiry.isoformat(),
                "achievement": row.get("achievement", "").strip() or "none",
                "status": status,
            })
    return members, problems


def push(cfg, token, members):
    s = requests.Session()
    s.verify = bool(cfg.get("verify_tls"))
    if not s.verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    s.headers.update({"Authorization": f"Bearer {token}",
                      "User-Agent": "club-register-push/1.4"})
    r = s.put(f"{cfg['portal']}/api/v1/register", json={"members": members}, timeout=30)
    r.raise_for_status()
    return r.json()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", type=Path, help="members.csv export")
    ap.add_argument("--config", type=Path,
                    default=Path.home() / ".config" / "club-register.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    members, problems = read_register(args.csv, int(cfg["warn_days"]))
    for p in problems:
        log.warning(p)
    for m in members:
        if m["status"] != "ok":
            log.info("%-24s %-9s %s", m["name"], m["status"], m["expiry"])

    if args.dry_run:
        log.info("dry run: %d members parsed, nothing sent", len(members))
        return 0
    token = os.environ.get("CLUB_PORTAL_TOKEN")
    if not token:
        log.error("CLUB_PORTAL_TOKEN is not set")
        return 2
    try:
        result = push(cfg, token, members)
    except requests.RequestException as exc:
        log.error("push failed: %s", exc)
        return 1
    log.info("portal accepted %s members", result.get("accepted", len(members)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
