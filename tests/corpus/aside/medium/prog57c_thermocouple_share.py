#!/usr/bin/env python3
"""Log a LAN thermocouple scanner (SCPI on TCP 5025) and share the CSV files.

The scanner answers "MEAS? <ch>" with a temperature in degC. Each hour goes
into acq/<date>_<hour>.csv; the acq directory is published over HTTP so the
people in the lab can pull the latest file from their laptops.
"""
import argparse
import csv
import datetime as dt
import functools
import http.server
import logging
import socket
import threading
import time
from pathlib import Path

LOG = logging.getLogger("tcshare")
ACQ_DIR = Path("acq")


class Scanner:
    def __init__(self, host, port=5025, timeout=2.0):
        self.link = socket.create_connection((host, port), timeout=timeout)
        self.reader = self.link.makefile("rb")

    def query(self, cmd):
        self.link.sendall((cmd + "\n").encode("ascii"))
        return self.reader.readline().decode("ascii", errors="replace").strip()

    def read_channel(self, ch):
        reply = self.query(f"MEAS? {ch}")
        try:
            return float(reply)
        except ValueError:
            LOG.warning("channel %d: bad reply %r", ch, reply)
            return float("nan")

    def close(self):
        self.reader.close()
        self.link.close()


def current_file():
    now = dt.datetime.now()
    return ACQ_DIR / f"{now:%Y%m%d_%H}.csv"


def acquire(scanner, channels, period, stop):
    ACQ_DIR.mkdir(exist_ok=True)
    while not stop.is_set():
        path = current_file()
        new = not path.exists()
        with path.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["timestamp"] + [f"ch{c}" for c in channels])
            w.writerow([dt.datetime.now().isoformat(timespec="seconds")]
                       + [f"{scanner.read_channel(c):.3f}" for c in channels])
        stop.wait(period)


def serve(port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=str(ACQ_DIR.resolve()))
    httpd = http.server.ThreadingHTTPServer(("0.0.0.0", port), handler)
    LOG.info("sharing %s on port %d", ACQ_DIR, port)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scanner", default="tc-scanner.lab.local")
    ap.add_argument("--channels", default="1,2,3,4")
    ap.add_argument("--period", type=float, default=5.0)
    ap.add_argument("--http-port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    channels = [int(c) for c in args.channels.split(",") if c]
    scanner = Scanner(args.scanner)
    ACQ_DIR.mkdir(exist_ok=True)
    httpd = serve(args.http_port)
    stop = threading.Event()
    try:
        acquire(scanner, channels, args.period, stop)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        stop.set()
        httpd.shutdown()
        scanner.close()
        time.sleep(0.1)


if __name__ == "__main__":
    main()
