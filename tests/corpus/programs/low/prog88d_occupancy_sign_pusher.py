#!/usr/bin/env python3
"""Occupancy sign pusher.

Reads live bay counts from the site counting service and drives the
variable message signs at the car park entrances ("LEVEL 2  143 FREE").
Signs speak a small framed ASCII protocol over TCP port 3001.
"""
import argparse
import json
import logging
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass, field

STX, ETX = b"\x02", b"\x03"

log = logging.getLogger("sign-pusher")


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
    retries = 2

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

    def push_with_retry(self, sign, text):
        for attempt in range(self.retries + 1):
            try:
                self.push(sign, text)
                return
            except OSError:
                if attempt == self.retries:
                    raise
                self._stop.wait(2 * (attempt + 1))

    def run(self, once=False):
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
                        self.push_with_retry(sign, text)
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
    if "retries" in raw:
        SignAgent.retries = int(raw["retries"])
    agent = SignAgent(raw["counts_url"], signs,
                      interval=raw.get("interval", 20),
                      full_threshold=raw.get("full_threshold", 5))
    try:
        agent.run(once=args.once)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
