#!/usr/bin/env python3
"""Clipboard history keeper.

Polls the clipboard, keeps the last N distinct text entries in a JSON file
under ~/.local/share/cliphist and lets you list, search, restore or clear
them. Nothing leaves the machine."""

import argparse
import hashlib
import json
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass, asdict, field
from pathlib import Path

import pyperclip

log = logging.getLogger("cliphist")

DATA_DIR = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "cliphist"
HISTORY_FILE = DATA_DIR / "history.json"


@dataclass
class Entry:
    key: str
    text: str
    first_seen: float
    last_seen: float
    hits: int = 1


@dataclass
class History:
    max_entries: int = 200
    entries: list = field(default_factory=list)

    @classmethod
    def load(cls, path: Path, max_entries: int) -> "History":
        hist = cls(max_entries=max_entries)
        if path.exists():
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                hist.entries = [Entry(**e) for e in raw.get("entries", [])]
            except (json.JSONDecodeError, TypeError) as exc:
                log.warning("history file unreadable (%s); starting fresh", exc)
        return hist

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".json.part")
        tmp.write_text(json.dumps({"entries": [asdict(e) for e in self.entries]},
                                  ensure_ascii=False, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o600)
        tmp.replace(path)

    @staticmethod
    def key_for(text: str) -> str:
        # only used to de-duplicate entries
        return hashlib.md5(text.encode("utf-8")).hexdigest()

    def add(self, text: str) -> bool:
        key = self.key_for(text)
        now = time.time()
        for e in self.entries:
            if e.key == key:
                e.last_seen = now
                e.hits += 1
                self.entries.remove(e)
                self.entries.insert(0, e)
                return False
        self.entries.insert(0, Entry(key, text, now, now))
        del self.entries[self.max_entries:]
        return True

    def search(self, needle: str):
        needle = needle.lower()
        return [e for e in self.entries if needle in e.text.lower()]


def watch(hist: History, interval: float, min_len: int) -> None:
    running = True

    def stop(_sig, _frm):
        nonlocal running
        running = False

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    last = None
    log.info("watching clipboard every %.1fs", interval)
    while running:
        try:
            current = pyperclip.paste()
        except pyperclip.PyperclipException as exc:
            log.error("clipboard unavailable: %s", exc)
            time.sleep(5)
            continue
        if current and current != last and len(current.strip()) >= min_len:
            if hist.add(current):
                log.debug("new entry (%d chars)", len(current))
            hist.save(HISTORY_FILE)
            last = current
        time.sleep(interval)
    hist.save(HISTORY_FILE)
    log.info("stopped; %d entries kept", len(hist.entries))


def preview(text: str, width: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "\u2026"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("watch")
    w.add_argument("--interval", type=float, default=0.75)
    w.add_argument("--min-length", type=int, default=1)
    sub.add_parser("list")
    s = sub.add_parser("search")
    s.add_argument("needle")
    r = sub.add_parser("restore")
    r.add_argument("index", type=int)
    sub.add_parser("clear")
    ap.add_argument("--max", type=int, default=200)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    hist = History.load(HISTORY_FILE, args.max)
    if args.cmd == "watch":
        watch(hist, args.interval, args.min_length)
    elif args.cmd == "list":
        for i, e in enumerate(hist.entries):
            print(f"{i:3d}  x{e.hits:<3d} {preview(e.text)}")
    elif args.cmd == "search":
        for e in hist.search(args.needle):
            print(preview(e.text))
    elif args.cmd == "restore":
        if not 0 <= args.index < len(hist.entries):
            log.error("no entry %d", args.index)
            return 1
        pyperclip.copy(hist.entries[args.index].text)
        print("restored to clipboard")
    elif args.cmd == "clear":
        hist.entries.clear()
        hist.save(HISTORY_FILE)
        print("history cleared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
