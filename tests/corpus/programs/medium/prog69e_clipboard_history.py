#!/usr/bin/env python3
"""clipdeck - clipboard history for X11 and Wayland sessions.

Watches the CLIPBOARD selection (via wl-paste on Wayland, xclip on X11) and
keeps a searchable history in a local SQLite file so that rofi/dmenu can
offer previous entries:  clipdeck --list 50 | rofi -dmenu
"""
import argparse
import hashlib
import json
import logging
import os
import queue
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("clipdeck")

CONFIG_PATH = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "clipdeck" / "config.json"
DEFAULTS = {
    "database": "clipdeck.db",
    "poll_interval": 0.7,
    "max_entries": 500,
    "max_entry_bytes": 64 * 1024,
}


def load_config():
    cfg = dict(DEFAULTS)
    if CONFIG_PATH.exists():
        try:
            cfg.update(json.loads(CONFIG_PATH.read_text()))
        except ValueError as exc:
            log.warning("bad config %s: %s", CONFIG_PATH, exc)
    return cfg


def paste_command():
    if os.environ.get("WAYLAND_DISPLAY"):
        return ["wl-paste", "--no-newline", "--type", "text"]
    return ["xclip", "-selection", "clipboard", "-o"]


class SelectionWatcher(threading.Thread):
    """Polls the clipboard and puts new, distinct entries on a queue."""

    def __init__(self, out, interval, max_bytes):
        super().__init__(name="selection-watcher", daemon=True)
        self.out = out
        self.interval = interval
        self.max_bytes = max_bytes
        self.cmd = paste_command()
        self._last = None
        self._stop = threading.Event()

    def read(self):
        try:
            res = subprocess.run(self.cmd, capture_output=True, timeout=2)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.debug("paste failed: %s", exc)
            return None
        if res.returncode != 0 or not res.stdout:
            return None
        return res.stdout[: self.max_bytes].decode("utf-8", "replace")

    def run(self):
        log.info("watching clipboard with %s", self.cmd[0])
        while not self._stop.is_set():
            text = self.read()
            if text is not None:
                key = hashlib.sha256(text.encode()).hexdigest()
                if key != self._last:
                    self._last = key
                    self.out.put({"id": key[:16], "text": text, "ts": time.time()})
            self._stop.wait(self.interval)

    def stop(self):
        self._stop.set()


class HistoryStore(threading.Thread):
    """Writes new entries into a local SQLite history file."""

    def __init__(self, inbox, cfg):
        super().__init__(name="history-store", daemon=True)
        self.inbox = inbox
        self.cfg = cfg
        self.path = cfg["database"]

    def connect(self):
        db = sqlite3.connect(self.path)
        db.execute("CREATE TABLE IF NOT EXISTS history ("
                   "id TEXT PRIMARY KEY, text TEXT NOT NULL, ts REAL NOT NULL)")
        return db

    def prune(self, db):
        db.execute("DELETE FROM history WHERE id NOT IN "
                   "(SELECT id FROM history ORDER BY ts DESC LIMIT ?)",
                   (self.cfg["max_entries"],))

    def run(self):
        db = self.connect()
        while True:
            item = self.inbox.get()
            with db:
                db.execute("INSERT OR REPLACE INTO history (id, text, ts) VALUES (?, ?, ?)",
                           (item["id"], item["text"], item["ts"]))
                self.prune(db)
            log.debug("stored %s", item["id"])


def list_history(cfg, limit):
    db = sqlite3.connect(cfg["database"])
    rows = db.execute("SELECT text FROM history ORDER BY ts DESC LIMIT ?", (limit,))
    for (text,) in rows:
        print(text.replace("\n", " \u21b5 ")[:200])


def main(argv=None):
    parser = argparse.ArgumentParser(description="clipboard history daemon")
    parser.add_argument("--interval", type=float, help="poll interval in seconds")
    parser.add_argument("--list", type=int, metavar="N", help="print the last N entries and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s clipdeck %(message)s")
    cfg = load_config()
    if args.list:
        list_history(cfg, args.list)
        return 0
    if args.interval:
        cfg["poll_interval"] = args.interval
    entries = queue.Queue()
    watcher = SelectionWatcher(entries, cfg["poll_interval"], cfg["max_entry_bytes"])
    store = HistoryStore(entries, cfg)
    watcher.start()
    store.start()
    try:
        while watcher.is_alive():
            watcher.join(1.0)
    except KeyboardInterrupt:
        watcher.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
