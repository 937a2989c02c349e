#!/usr/bin/env python3
"""
ais_serial_forwarder -- read NMEA 0183 from a USB AIS receiver and forward it
over UDP to a chart plotter program on the same boat network.

Typical use on the nav PC:

    ais_serial_forwarder.py --device /dev/ttyUSB0 --baud 38400 \
        --to 127.0.0.1:10110 --to 192.168.4.20:2000

Only sentences with a valid checksum are forwarded.  A small status file
(./ais_forwarder.status.json) is refreshed every minute with counters so the
helm display can show whether the receiver is alive.
"""

import argparse
import json
import logging
import socket
import sys
import time
from pathlib import Path

import serial

log = logging.getLogger("ais_fwd")

STATUS_FILE = Path("ais_forwarder.status.json")


def checksum_ok(line):
    if len(line) < 4 or line[0] not in "!$":
        return False
    body, star, tail = line[1:].rpartition("*")
    if not star:
        return False
    value = 0
    for ch in body:
        value ^= ord(ch)
    return tail[:2].upper() == f"{value:02X}"


def parse_target(text):
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"expected host:port, got {text!r}")
    return host, int(port)


class SerialSource:
    """Wraps the pyserial port with reopen-on-error handling."""

    def __init__(self, device, baud):
        self.device = device
        self.baud = baud
        self.port = None

    def open(self):
        try:
            self.port = serial.Serial(self.device, self.baud, timeout=2)
        except serial.SerialException as exc:
            if isinstance(exc.__context__, PermissionError) or "Permission denied" in str(exc):
                log.error("no permission on %s: add your user to the 'dialout' group "
                          "(sudo usermod -aG dialout $USER) and log in again", self.device)
            raise
        log.info("opened %s at %d baud", self.device, self.baud)

    def lines(self):
        while True:
            if self.port is None:
                self.open()
            try:
                raw = self.port.readline()
            except serial.SerialException as exc:
                log.warning("read error on %s: %s", self.device, exc)
                self.close()
                time.sleep(3)
                continue
            if raw:
                yield raw.decode("ascii", "replace").strip()

    def close(self):
        if self.port is not None:
            try:
                self.port.close()
            finally:
                self.port = None


def write_status(counters):
    STATUS_FILE.write_text(json.dumps(dict(counters, updated=time.time()), indent=1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=38400)
    ap.add_argument("--to", dest="targets", type=parse_target, action="append",
                    help="host:port to forward to (repeatable)")
    ap.add_argument("--all-nmea", action="store_true",
                    help="forward GPS/other sentences too, not just AIVDM/AIVDO")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    targets = args.targets or [("127.0.0.1", 10110)]

    src = SerialSource(args.device, args.baud)
    try:
        src.open()
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    counters = {"forwarded": 0, "bad_checksum": 0, "ignored": 0}
    next_status = time.monotonic() + 60
    try:
        for line in src.lines():
            if not checksum_ok(line):
                counters["bad_checksum"] += 1
                continue
            if not args.all_nmea and not line[3:6] in ("VDM", "VDO"):
                counters["ignored"] += 1
                continue
            payload = (line + "\r\n").encode("ascii")
            for target in targets:
                try:
                    out.sendto(payload, target)
                except OSError as exc:
                    log.debug("send to %s:%d failed: %s", *target, exc)
            counters["forwarded"] += 1
            if time.monotonic() >= next_status:
                write_status(counters)
                next_status = time.monotonic() + 60
    except KeyboardInterrupt:
        pass
    finally:
        src.close()
        write_status(counters)
    log.info("stopped: %s", counters)
    return 0


if __name__ == "__main__":
    sys.exit(main())
