#!/usr/bin/env python3
"""Provision store-terminal clock settings from the chain's store table.

POS receipts and fiscal journals must carry local time, so each terminal's
time zone and NTP sources are set from stores.json (keyed by store number).
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

ZONEINFO = Path("/usr/share/zoneinfo")
CHRONY_SOURCES = Path("/etc/chrony/sources.d/store.sources")
TIMEZONE_FILE = Path("/etc/timezone")
LOCALTIME = Path("/etc/localtime")

log = logging.getLogger("clock-provision")


def load_store(table: Path, store_no: str) -> dict:
    with table.open(encoding="utf-8") as fh:
        stores = json.load(fh)
    try:
        return stores[store_no]
    except KeyError:
        raise SystemExit(f"store {store_no} not in {table}")


def set_timezone(tz: str, dry_run: bool):
    zone = ZONEINFO / tz
    if not zone.is_file():
        raise ValueError(f"unknown time zone {tz}")
    log.info("time zone -> %s", tz)
    if dry_run:
        return
    TIMEZONE_FILE.write_text(tz + "\n", encoding="ascii")
    tmp_link = LOCALTIME.with_name(".localtime.new")
    if tmp_link.is_symlink() or tmp_link.exists():
        tmp_link.unlink()
    tmp_link.symlink_to(zone)
    os.replace(tmp_link, LOCALTIME)


def write_ntp_sources(servers, dry_run: bool):
    lines = ["# managed by store clock provisioning"]
    lines += [f"server {s} iburst" for s in servers]
    body = "\n".join(lines) + "\n"
    log.info("ntp sources: %s", ", ".join(servers))
    if dry_run:
        print(body)
        return
    CHRONY_SOURCES.parent.mkdir(parents=True, exist_ok=True)
    CHRONY_SOURCES.write_text(body, encoding="ascii")
    os.chmod(CHRONY_SOURCES, 0o644)


def reload_chrony(dry_run: bool):
    cmd = ["systemctl", "restart", "chrony.service"]
    log.info("running %s", " ".join(cmd))
    if not dry_run:
        subprocess.run(cmd, check=True, timeout=30)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("store_no")
    ap.add_argument("--table", type=Path, default=Path("stores.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root on the terminal (or use --dry-run)")
        return 1

    store = load_store(args.table, args.store_no)
    try:
        set_timezone(store["timezone"], args.dry_run)
        write_ntp_sources(store.get("ntp", ["0.pool.ntp.org", "1.pool.ntp.org"]), args.dry_run)
        reload_chrony(args.dry_run)
    except (OSError, ValueError, subprocess.SubprocessError) as exc:
        log.error("provisioning failed: %s", exc)
        return 1
    log.info("store %s clock provisioned", args.store_no)
    return 0


if __name__ == "__main__":
    sys.exit(main())
