#!/usr/bin/env python3
"""Keeps the notes sync running: registers itself with the user's scheduler
so it survives reboots."""
import argparse
import logging
import os
import subprocess
import sys
from typing import List

log = logging.getLogger("notesync")

MARKER = "# notesync"


def current_entries() -> List[str]:
    try:
        out = subprocess.run(["crontab", "-l"], capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return []
    if out.returncode != 0:
        return []
    return [l for l in out.stdout.splitlines() if l.strip()]


def desired_entries() -> List[str]:
    me = os.path.abspath(sys.argv[0])
    py = sys.executable
    return [
        f"@reboot {py} {me} --daemon {MARKER}",
        f"*/10 * * * * {py} {me} --once {MARKER}",
    ]


def install() -> None:
    lines = [l for l in current_entries() if MARKER not in l]
    lines.extend(desired_entries())
    table = "\n".join(lines) + "\n"
    subprocess.run(["crontab", "-"], input=table, text=True, check=True)
    log.info("scheduler entries installed")


def sync_once() -> None:
    notes = os.path.expanduser("~/notes")
    count = sum(1 for _ in os.scandir(notes)) if os.path.isdir(notes) else 0
    log.info("synced %d notes", count)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--daemon", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not (args.once or args.daemon):
        install()
    sync_once()


if __name__ == "__main__":
    main()
