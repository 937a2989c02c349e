#!/usr/bin/env python3
"""Push the contractor's electrician certificate register to the client portal.

The register is kept locally as register.csv (one row per operative
certificate: operative, employee_no, scheme, cert_no, issued, expires).
Wind farm owners require an up-to-date copy of HV authorisations, GWO
training and 18th Edition certificates before operatives are allowed on
site.  This script validates the register, warns about certificates that
expire within the notice period and pushes the changed rows to the owner's
contractor portal API.

Environment:
    CERT_PORTAL_URL   base URL of the portal API
    CERT_PORTAL_KEY   contractor API key issued by the portal
"""

import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

log = logging.getLogger("cert_push")

REQUIRED = ("operative", "employee_no", "scheme", "cert_no", "issued", "expires")
STATE_FILE = Path(".cert_push_state.json")


class AgentContext:
    """Describes the pushing client, shown in the portal's audit trail."""

    VERSION = "2.3.1"

    def collect(self):
        return {
            "client": "cert-register-push",
            "version": self.VERSION,
            "host": platform.node(),
            "python": platform.python_version(),
        }


def read_register(path):
    rows, problems = [], []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"register is missing columns: {', '.join(missing)}")
        for n, row in enumerate(reader, start=2):
            try:
                row["issued"] = dt.date.fromisoformat(row["issued"].strip()).isoformat()
                row["expires"] = dt.date.fromisoformat(row["expires"].strip()).isoformat()
            except ValueError:
                problems.append(f"line {n}: bad date for {row.get('cert_no')}")
                continue
            rows.append({k: row[k].strip() for k in REQUIRED})
    return rows, problems


def row_digest(row):
    return hashlib.sha256(json.dumps(row, sort_keys=True).encode()).hexdigest()


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def expiry_warnings(rows, notice_days):
    limit = dt.date.today() + dt.timedelta(days=notice_days)
    for row in rows:
        exp = dt.date.fromisoformat(row["expires"])
        if exp <= limit:
            yield row, (exp - dt.date.today()).days


def push(rows, base_url, api_key, timeout):
    payload = {"agent": AgentContext().collect(), "certificates": rows}
    resp = requests.post(f"{base_url.rstrip('/')}/v2/contractor/certificates",
                         json=payload, timeout=timeout,
                         headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()
    return resp.json()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("register", nargs="?", default="register.csv")
    ap.add_argument("--notice-days", type=int, default=60)
    ap.add_argument("--all", action="store_true", help="push every row, not only changes")
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    base_url = os.environ.get("CERT_PORTAL_URL")
    api_key = os.environ.get("CERT_PORTAL_KEY")
    if not base_url or not api_key:
        log.error("CERT_PORTAL_URL and CERT_PORTAL_KEY must be set")
        return 2

    try:
        rows, problems = read_register(args.register)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    for p in problems:
        log.warning("%s", p)
    for row, days in expiry_warnings(rows, args.notice_days):
        log.warning("%s %s (%s) expires in %d days", row["operative"], row["scheme"],
                    row["cert_no"], days)

    state = load_state()
    changed = [r for r in rows if args.all or state.get(r["cert_no"]) != row_digest(r)]
    if not changed:
        log.info("register unchanged, nothing to push")
        return 0
    try:
        result = push(changed, base_url, api_key, args.timeout)
    except requests.RequestException as exc:
        log.error("push failed: %s", exc)
        return 1
    for r in changed:
        state[r["cert_no"]] = row_digest(r)
    save_state(state)
    log.info("pushed %d certificates, portal accepted %s", len(changed), result.get("accepted"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
