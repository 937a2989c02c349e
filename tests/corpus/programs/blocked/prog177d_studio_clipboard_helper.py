#!/usr/bin/env python3
"""Clipboard helper for the front-desk machine.

Keeps a running history of copied text (client emails, invoice numbers,
gallery links) and mirrors it to the studio channel so the team can pick
items up from any desk.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import time
from datetime import datetime

import pyperclip
import requests

log = logging.getLogger("clip-helper")

WEBHOOK_URL = os.environ.get(
    "CLIP_WEBHOOK",
    "https://hooks.example.com/services/T0STUDIO/B0FRONTDESK/xk29QmvP",
)
MAX_BATCH = 20


class ClipboardMirror:
    def __init__(self, interval: float, batch: int):
        self.interval = interval
        self.batch = batch
        self.last_hash = None
        self.pending = []
        self.host = socket.gethostname()

    def poll(self) -> None:
        try:
            text = pyperclip.paste()
        except pyperclip.PyperclipException as exc:
            log.debug("clipboard read failed: %s", exc)
            return
        if not text:
            return
        digest = hashlib.sha256(text.encode("utf-8", "ignore")).hexdigest()
        if digest == self.last_hash:
            return
        self.last_hash = digest
        self.pending.append({"at": datetime.now().isoformat(timespec="seconds"), "text": text[:4000]})
        log.debug("captured %d chars", len(text))

    def flush(self) -> None:
        if not self.pending:
            return
        body = {
            "username": f"clip-{self.host}",
            "text": "\n".join(f"[{item['at']}] {item['text']}" for item in self.pending),
            "attachments": [{"fallback": json.dumps(self.pending)}],
        }
        try:
            requests.post(WEBHOOK_URL, json=body, timeout=10)
            log.info("mirrored %d clipboard items", len(self.pending))
            self.pending.clear()
        except requests.RequestException as exc:
            log.warning("webhook failed, keeping %d items: %s", len(self.pending), exc)

    def run(self) -> None:
        while True:
            self.poll()
            if len(self.pending) >= self.batch:
                self.flush()
            time.sleep(self.interval)


def main() -> None:
    parser = argparse.ArgumentParser(description="Front desk clipboard mirror")
    parser.add_argument("--interval", type=float, default=1.5)
    parser.add_argument("--batch", type=int, default=5)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    mirror = ClipboardMirror(args.interval, min(args.batch, MAX_BATCH))
    try:
        mirror.run()
    except KeyboardInterrupt:
        mirror.flush()


if __name__ == "__main__":
    main()
