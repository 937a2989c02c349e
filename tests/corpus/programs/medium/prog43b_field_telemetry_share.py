#!/usr/bin/env python3
"""Field-day telemetry share.

Listens for MAVLink-ish JSON telemetry datagrams from the test vehicles on
localhost (the mavlink-router forwards them here), writes rolling CSV files
into ./telemetry_out and serves that folder so everyone on the field laptop
network can open the CSVs in a browser.
"""
import argparse
import csv
import functools
import http.server
import json
import logging
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("telemetry-share")
FIELDS = ["t", "sysid", "lat", "lon", "alt", "groundspeed", "battery_v", "mode"]


class RollingWriter:
    def __init__(self, out_dir, rotate_s=600):
        self.out_dir = out_dir
        self.rotate_s = rotate_s
        self._fh = None
        self._writer = None
        self._opened = 0.0
        self.lock = threading.Lock()

    def _rotate(self):
        if self._fh:
            self._fh.close()
        name = time.strftime("telem_%Y%m%d_%H%M%S.csv")
        self._fh = (self.out_dir / name).open("w", newline="")
        self._writer = csv.DictWriter(self._fh, fieldnames=FIELDS, extrasaction="ignore")
        self._writer.writeheader()
        self._opened = time.time()
        log.info("new file %s", name)

    def write(self, row):
        with self.lock:
            if self._fh is None or time.time() - self._opened > self.rotate_s:
                self._rotate()
            self._writer.writerow(row)
            self._fh.flush()


def udp_listener(port, writer, stop):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", port))
    sock.settimeout(1.0)
    while not stop.is_set():
        try:
            data, _ = sock.recvfrom(4096)
        except socket.timeout:
            continue
        try:
            msg = json.loads(data)
        except ValueError:
            log.debug("dropping non-JSON datagram")
            continue
        msg.setdefault("t", time.time())
        writer.write(msg)
    sock.close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("http %s - " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--udp-port", type=int, default=14600)
    ap.add_argument("--http-port", type=int, default=8088)
    ap.add_argument("--out", type=Path, default=Path("telemetry_out"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    writer = RollingWriter(args.out)
    stop = threading.Event()
    t = threading.Thread(target=udp_listener, args=(args.udp_port, writer, stop), daemon=True)
    t.start()

    handler = functools.partial(QuietHandler, directory=str(args.out))
    httpd = http.server.ThreadingHTTPServer(("0.0.0.0", args.http_port), handler)
    log.info("sharing %s on port %d", args.out, args.http_port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        httpd.server_close()


if __name__ == "__main__":
    main()
