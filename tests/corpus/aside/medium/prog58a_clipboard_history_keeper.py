#!/usr/bin/env python3
"""Clipboard history keeper: remembers the last N clipboard entries so they
can be searched later. Everything stays in a local history file."""

import argparse
import hashlib
import json
import logging
import queue
import subprocess
import threading
import time
import tkinter

log = logging.getLogger("cliphist")

HISTORY_FILE = "/tmp/clip_history.json"


class ClipboardWatcher(threading.Thread):
    """Polls the clipboard through Tk and pushes new contents to a queue."""

    def __init__(self, outbox: queue.Queue, interval: float):
        super().__init__(daemon=True)
        self.outbox = outbox
        self.interval = interval
        self._last_digest = None

    def run(self):
        root = tkinter.Tk()
        root.withdraw()
        while True:
            try:
                text = root.clipboard_get()
            except tkinter.TclError:
                text = ""
            if text:
                digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()
                if digest != self._last_digest:
                    self._last_digest = digest
                    self.outbox.put(text)
            root.update()
            time.sleep(self.interval)


class HistoryStore(threading.Thread):
    """Drains the queue into a bounded, de-duplicated JSON history."""

    def __init__(self, inbox: queue.Queue, path: str, limit: int, notify: bool):
        super().__init__(daemon=True)
        self.inbox = inbox
        self.path = path
        self.limit = limit
        self.notify = notify
        self.entries = self._load()

    def _load(self):
        try:
            with open(self.path) as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return []

    def _save(self):
        with open(self.path, "w") as fh:
            json.dump(self.entries, fh)

    def _notify(self, text):
        if self.notify:
            preview = text.replace("\n", " ")[:60]
            subprocess.run(["notify-send", "-t", "1500", "Clipboard saved", preview],
                           check=False)

    def run(self):
        while True:
            text = self.inbox.get()
            self.entries = [e for e in self.entries if e["text"] != text]
            self.entries.insert(0, {"ts": time.time(), "text": text})
            del self.entries[self.limit:]
            self._save()
            self._notify(text)
            self.inbox.task_done()


def search(path, needle):
    with open(path) as fh:
        for i, entry in enumerate(json.load(fh)):
            if needle.lower() in entry["text"].lower():
                print(f"{i:3d}  {time.ctime(entry['ts'])}  {entry['text'][:80]!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--notify", action="store_true")
    ap.add_argument("--search")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.search:
        search(HISTORY_FILE, args.search)
        return
    pipe: queue.Queue = queue.Queue(maxsize=500)
    ClipboardWatcher(pipe, args.interval).start()
    HistoryStore(pipe, HISTORY_FILE, args.limit, args.notify).start()
    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
