#!/usr/bin/env python3
"""Relay build-time metrics from a local JSON-lines spool to the metrics
API.  A worker thread drains a queue; SIGTERM/SIGINT wake the main loop
through a self-pipe so shutdown flushes what is already queued."""
import argparse
import http.client
import json
import logging
import os
import queue
import selectors
import signal
import threading
from pathlib import Path

API_HOST = "api.buildmetrics.example.com"
API_PATH = "/v2/series"
log = logging.getLogger("metric-relay")


class Relay(threading.Thread):
    def __init__(self, api_key, batch_size=50):
        super().__init__(name="relay", daemon=True)
        self.api_key = api_key
        self.batch_size = batch_size
        self.inbox = queue.Queue(maxsize=1000)
        self.sent = 0

    def _post(self, batch):
        conn = http.client.HTTPSConnection(API_HOST, timeout=15)
        try:
            conn.request("POST", API_PATH, body=json.dumps({"series": batch}),
                         headers={"Content-Type": "application/json",
                                  "Authorization": f"Bearer {self.api_key}"})
            resp = conn.getresponse()
            resp.read()
            if resp.status >= 300:
                log.warning("API answered %s for %d points", resp.status, len(batch))
            else:
                self.sent += len(batch)
        finally:
            conn.close()

    def run(self):
        batch = []
        while True:
            item = self.inbox.get()
            if item is not None:
                batch.append(item)
            if batch and (item is None or len(batch) >= self.batch_size):
                try:
                    self._post(batch)
                except OSError as exc:
                    log.error("post failed: %s", exc)
                batch = []
            if item is None:
                return


def read_spool(path):
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            try:
                point = json.loads(line)
            except json.JSONDecodeError:
                log.debug("skip malformed line %d", lineno)
                continue
            yield {"metric": point["name"], "value": float(point["value"]),
                   "ts": point.get("ts")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spool", nargs="?", default="metrics.jsonl")
    ap.add_argument("--batch", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("BUILDMETRICS_API_KEY")
    if not api_key:
        raise SystemExit("BUILDMETRICS_API_KEY is not set")

    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: os.write(wake_w, b"x"))

    relay = Relay(api_key, args.batch)
    relay.start()
    sel = selectors.DefaultSelector()
    sel.register(wake_r, selectors.EVENT_READ)

    for point in read_spool(Path(args.spool)):
        if sel.select(timeout=0):
            log.info("shutdown requested, flushing")
            break
        relay.inbox.put(point)

    relay.inbox.put(None)
    relay.join(timeout=30)
    log.info("relayed %d points", relay.sent)


if __name__ == "__main__":
    main()
