#!/usr/bin/env python3
"""Pavilion kiosk heartbeat for Ashgrove Community Garden.

Runs on the Raspberry Pi in the pavilion that shows the plot map and the
water-meter dashboard.  It keeps a link open to the society's helpdesk box
and reports that the kiosk is alive, so the volunteer who looks after it
hears about problems before the members do.
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import time
from pathlib import Path

log = logging.getLogger("kiosk-link")

DEFAULTS = {
    "host": "helpdesk.ashgrove-garden.org",
    "port": "4433",
    "site": "ashgrove-pavilion",
    "retry_seconds": "30",
    "interval_seconds": "300",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["link"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    return cp["link"]


def kiosk_status(site):
    load1, load5, _ = os.getloadavg()
    disk = shutil.disk_usage(".")
    return {
        "site": site,
        "hostname": socket.gethostname(),
        "load": [round(load1, 2), round(load5, 2)],
        "disk_free_mb": disk.free // (1024 * 1024),
        "time": int(time.time()),
    }


def connect(host, port, retry_seconds, attempts=0):
    n = 0
    while True:
        n += 1
        try:
            s = socket.create_connection((host, port), timeout=20)
            log.info("connected to %s:%s", host, port)
            return s
        except OSError as exc:
            log.warning("connect attempt %d failed: %s", n, exc)
            if attempts and n >= attempts:
                raise
            time.sleep(retry_seconds)


class HelpdeskSession:
    def __init__(self, sock, site):
        self.sock = sock
        self.site = site
        self.reader = sock.makefile("r", encoding="utf-8")

    def _send(self, kind):
        msg = json.dumps({"type": kind, **kiosk_status(self.site)}) + "\n"
        self.sock.sendall(msg.encode())

    def hello(self):
        self._send("hello")

    def beat(self, interval, count=0):
        sent = 0
        while True:
            time.sleep(interval)
            self._send("beat")
            line = self.reader.readline()
            if not line:
                raise ConnectionError("helpdesk closed the link")
            ack = json.loads(line)
            log.debug("ack %s", ack.get("seq"))
            sent += 1
            if count and sent >= count:
                return sent


def main():
    ap = argparse.ArgumentParser(description="Keep the pavilion kiosk linked to the helpdesk")
    ap.add_argument("-c", "--config", default="kiosk_link.ini")
    ap.add_argument("--once", action="store_true", help="exit after one session")
    ap.add_argument("--beats", type=int, default=0, help="stop after N beats (0 = forever)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    host, port = cfg["host"], int(cfg["port"])
    retry = int(cfg["retry_seconds"])
    interval = int(cfg["interval_seconds"])

    while True:
        try:
            sock = connect(host, port, retry)
        except OSError:
            return 1
        session = HelpdeskSession(sock, cfg["site"])
        try:
            session.hello()
            n = session.beat(interval, args.beats)
            log.info("sent %d heartbeats", n)
        except (OSError, ValueError) as exc:
            log.warning("session dropped: %s", exc)
        finally:
            sock.close()
        if args.once:
            return 0
        time.sleep(retry)


if __name__ == "__main__":
    raise SystemExit(main())
