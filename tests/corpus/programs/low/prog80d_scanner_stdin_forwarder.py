#!/usr/bin/env python3
"""Scanner forwarder for stock-room handhelds.

The stock-room scanners are set to "wedge + enter", and the stock team runs
this in a terminal on the receiving bench: every scanned line arriving on
stdin is validated (EAN-8/UPC-A/EAN-13/GTIN-14 check digit) and forwarded in
batches to the inventory service as a goods-received movement.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import threading
import time
from urllib.parse import urlparse

log = logging.getLogger("scan-forwarder")

DEFAULT_ENDPOINT = "https://inventory.northwind-retail.example/v2/movements"
QUEUE_FILE = "forwarder_queue.jsonl"


class FrameBuffer:
    """Collects validated scans between flushes."""

    def __init__(self):
        self._codes = []
        self._lock = threading.Lock()

    def feed(self, code):
        with self._lock:
            self._codes.append(code)

    def drain(self):
        with self._lock:
            data = list(self._codes)
            self._codes.clear()
        return data


def gtin_ok(code):
    if not code.isdigit() or len(code) not in (8, 12, 13, 14):
        return False
    digits = [int(c) for c in code]
    check = digits.pop()
    total = sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return (10 - total % 10) % 10 == check


class InventoryClient:
    def __init__(self, endpoint, api_key, timeout=10):
        parsed = urlparse(endpoint)
        self.host = parsed.hostname
        self.port = parsed.port or 443
        self.path = parsed.path or "/"
        self.api_key = api_key
        self.timeout = timeout

    def send(self, payload):
        body = json.dumps(payload).encode("utf-8")
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request("POST", self.path, body=body, headers={
                "Content-Type": "application/json",
                "Authorization": "Bearer " + self.api_key,
            })
            resp = conn.getresponse()
            resp.read()
            return 200 <= resp.status < 300
        finally:
            conn.close()


def park(batch):
    with open(QUEUE_FILE, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(batch) + "\n")
    log.warning("parked %d scan(s) in %s", len(batch["barcodes"]), QUEUE_FILE)


def flush_loop(buf, client, location, interval, stop):
    while not stop.is_set():
        stop.wait(interval)
        codes = buf.drain()
        if not codes:
            continue
        batch = {"location": location, "bench": socket.gethostname(),
                 "ts": time.time(), "type": "goods_received", "barcodes": codes}
        for attempt in range(3):
            try:
                if client.send(batch):
                    log.info("forwarded %d scan(s)", len(codes))
                    break
            except (OSError, http.client.HTTPException) as exc:
                log.warning("inventory post failed (%s), attempt %d", exc, attempt + 1)
                time.sleep(2 ** attempt)
        else:
            park(batch)


def main():
    parser = argparse.ArgumentParser(description="Forward stock-room scans to the inventory service")
    parser.add_argument("--endpoint", default=os.environ.get("INVENTORY_URL", DEFAULT_ENDPOINT))
    parser.add_argument("--location", default=os.environ.get("STORE_LOCATION", "stockroom"))
    parser.add_argument("--interval", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    api_key = os.environ.get("INVENTORY_API_KEY")
    if not api_key:
        sys.exit("INVENTORY_API_KEY is not set")

    client = InventoryClient(args.endpoint, api_key)
    buf = FrameBuffer()
    stop = threading.Event()
    worker = threading.Thread(target=flush_loop,
                              args=(buf, client, args.location, args.interval, stop),
                              daemon=True)
    worker.start()

    log.info("reading scans from stdin, forwarding to %s", args.endpoint)
    try:
        for line in sys.stdin:
            code = line.strip()
            if not code:
                continue
            if gtin_ok(code):
                buf.feed(code)
            else:
                log.warning("rejected scan %r (bad check digit)", code)
    except KeyboardInterrupt:
        pass
    stop.set()
    worker.join(timeout=5)
    remaining = buf.drain()
    if remaining:
        park({"location": args.location, "ts": time.time(), "barcodes": remaining})


if __name__ == "__main__":
    main()
