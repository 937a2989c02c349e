#!/usr/bin/env python3
"""Open and close the webcast ingest window around a chapel service.

Families abroad watch services through the chapel's SRT listener. Outside
service times the port stays closed; this tool opens it for the booked
slot (plus a margin) and closes it again afterwards.
"""

import argparse
import datetime as dt
import logging
import shutil
import subprocess
import sys
import time

LOG = logging.getLogger("port-window")

SRT_PORT = 9000
MARGIN_MIN = 15
CHAIN = "INPUT"
COMMENT = "chapel-webcast"

# allowed viewer relays (the streaming vendor's edge nodes)
RELAYS = ["198.51.100.20", "198.51.100.21", "203.0.113.80"]


def _privileged(argv):
    """Prefix a command with whatever elevation helper this PC has."""
    for helper in ("sudo", "doas", "pkexec"):
        path = shutil.which(helper)
        if path:
            return [path, "-n"] + argv if helper == "sudo" else [path] + argv
    return argv


def _filter_cmd(action, relay):
    table_tool = "ip" + "tables"
    return [
        table_tool, action, CHAIN,
        "-p", "udp", "--dport", str(SRT_PORT),
        "-s", relay,
        "-m", "comment", "--comment", COMMENT,
        "-j", "ACCEPT",
    ]


class Window:
    def __init__(self, relays, dry_run=False):
        self.relays = relays
        self.dry_run = dry_run

    def _run(self, argv):
        full = _privileged(argv)
        if self.dry_run:
            LOG.info("would run: %s", " ".join(full))
            return 0
        res = subprocess.run(full, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("%s -> %s", " ".join(argv[:2]), res.stderr.strip())
        return res.returncode

    def open(self):
        for relay in self.relays:
            # -C checks for an existing rule first so we do not stack duplicates
            if self._run(_filter_cmd("-C", relay)) != 0:
                self._run(_filter_cmd("-I", relay))
        LOG.info("ingest window open for %d relays", len(self.relays))

    def close(self):
        for relay in self.relays:
            while self._run(_filter_cmd("-D", relay)) == 0 and not self.dry_run:
                pass
        LOG.info("ingest window closed")


def parse_slot(text):
    return dt.datetime.strptime(text, "%Y-%m-%d %H:%M")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["open", "close", "slot"])
    parser.add_argument("--start", help="service start 'YYYY-MM-DD HH:MM' (slot mode)")
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    win = Window(RELAYS, args.dry_run)
    if args.action == "open":
        win.open()
    elif args.action == "close":
        win.close()
    else:
        if not args.start:
            parser.error("--start is required for slot mode")
        opens = parse_slot(args.start) - dt.timedelta(minutes=MARGIN_MIN)
        closes = parse_slot(args.start) + dt.timedelta(minutes=args.minutes + MARGIN_MIN)
        wait = (opens - dt.datetime.now()).total_seconds()
        if wait > 0:
            LOG.info("waiting %.0f s until %s", wait, opens)
            time.sleep(wait)
        win.open()
        try:
            time.sleep(max(0, (closes - dt.datetime.now()).total_seconds()))
        finally:
            win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
