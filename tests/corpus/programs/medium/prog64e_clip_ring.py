#!/usr/bin/env python3
"""clipring: clipboard history daemon.

Polls the X11/Wayland clipboard and keeps the last N entries in a local
SQLite database so `clipring.py --list` / a rofi script can offer them again.
"""
import argparse
import logging
import os
import shutil
import sqlite3
import subprocess
import threading
import time
from configparser import ConfigParser
from pathlib import Path

log = logging.getLogger("clipring")

STATE_DIR = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local/state")) / "clipring"
CONF_PATH = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "clipring.ini"


def read_conf():
    cp = ConfigParser()
    cp.read_dict({"clipring": {
        "interval": "0.75",
        "max_entries": "500",
        "ignore_shorter_than": "2",
    }})
    cp.read(CONF_PATH)
    return cp["clipring"]


class ClipboardReader:
    """Picks whichever clipboard CLI is available on this session."""

    def __init__(self):
        if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-paste"):
            self.argv = ["wl-paste", "--no-newline"]
        elif shutil.which("xclip"):
            self.argv = ["xclip", "-selection", "clipboard", "-o"]
        elif shutil.which("xsel"):
            self.argv = ["xsel", "--clipboard", "--output"]
        else:
            raise RuntimeError("no clipboard tool found (install wl-clipboard or xclip)")

    def read(self):
        try:
            out = subprocess.run(self.argv, capture_output=True, timeout=2, check=False)
        except subprocess.TimeoutExpired:
            return None
        if out.returncode != 0:
            return None
        return out.stdout.decode("utf-8", "replace")


class History:
    def __init__(self, path, max_entries):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.max_entries = max_entries
        self.db.execute("CREATE TABLE IF NOT EXISTS clips (id INTEGER PRIMARY KEY, ts REAL, text TEXT)")
        self.lock = threading.Lock()

    def add(self, text):
        with self.lock:
            self.db.execute("INSERT INTO clips (ts, text) VALUES (?, ?)", (time.time(), text))
            self.db.execute(
                "DELETE FROM clips WHERE id NOT IN (SELECT id FROM clips ORDER BY id DESC LIMIT ?)",
                (self.max_entries,))
            self.db.commit()

    def recent(self, n):
        with self.lock:
            rows = self.db.execute("SELECT ts, text FROM clips ORDER BY id DESC LIMIT ?", (n,))
            return rows.fetchall()


def list_entries(hist, n):
    for ts, text in hist.recent(n):
        stamp = time.strftime("%H:%M:%S", time.localtime(ts))
        preview = text.replace("\n", "⏎")[:80]
        print(f"{stamp}  {preview}")


def main():
    ap = argparse.ArgumentParser(description="clipboard history daemon")
    ap.add_argument("--list", type=int, metavar="N", help="print the last N entries and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    conf = read_conf()
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    db_path = STATE_DIR / "history.db"
    hist = History(db_path, conf.getint("max_entries"))
    os.chmod(db_path, 0o600)

    if args.list:
        list_entries(hist, args.list)
        return 0

    reader = ClipboardReader()
    last = None
    interval = conf.getfloat("interval")
    min_len = conf.getint("ignore_shorter_than")
    log.info("watching clipboard every %.2fs", interval)
    try:
        while True:
            text = reader.read()
            if text and text != last and len(text.strip()) >= min_len:
                last = text
                hist.add(text)
                log.debug("stored %d chars", len(text))
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
