#!/usr/bin/env python3
"""Clipboard history: remember what you copied, search it, copy it back.

History is kept in a local SQLite file in the app's data folder and never
leaves this computer.  Clipboard access uses the platform's own commands
(pbpaste/pbcopy, wl-paste/xclip, PowerShell Get-/Set-Clipboard).
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("cliphist")


def data_dir() -> Path:
    if os.name == "nt":
        base = Path(os.environ["LOCALAPPDATA"]) / "ClipHist"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / "ClipHist"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / "cliphist"
    base.mkdir(parents=True, exist_ok=True)
    return base


def paste_cmd():
    if os.name == "nt":
        return ["powershell", "-NoProfile", "-Command", "Get-Clipboard -Raw"]
    if sys.platform == "darwin":
        return ["pbpaste"]
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-paste"):
        return ["wl-paste", "--no-newline"]
    return ["xclip", "-selection", "clipboard", "-o"]


def copy_cmd():
    if os.name == "nt":
        return ["powershell", "-NoProfile", "-Command", "$input | Set-Clipboard"]
    if sys.platform == "darwin":
        return ["pbcopy"]
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-copy"):
        return ["wl-copy"]
    return ["xclip", "-selection", "clipboard", "-i"]


def read_clipboard() -> str:
    proc = subprocess.run(paste_cmd(), capture_output=True, text=True)
    return proc.stdout if proc.returncode == 0 else ""


def write_clipboard(text: str) -> None:
    subprocess.run(copy_cmd(), input=text, text=True, check=True)


def open_db() -> sqlite3.Connection:
    db = sqlite3.connect(data_dir() / "history.sqlite3")
    db.execute("CREATE TABLE IF NOT EXISTS clips ("
               "id INTEGER PRIMARY KEY, copied_at TEXT, content TEXT UNIQUE)")
    return db


def watch(interval: float, max_items: int) -> None:
    db = open_db()
    last = None
    log.info("watching clipboard every %.1fs (Ctrl+C to stop)", interval)
    try:
        while True:
            text = read_clipboard()
            if text and text != last and len(text) < 100_000:
                db.execute("INSERT OR REPLACE INTO clips (copied_at, content) VALUES (?, ?)",
                           (dt.datetime.now().isoformat(timespec="seconds"), text))
                db.execute("DELETE FROM clips WHERE id NOT IN "
                           "(SELECT id FROM clips ORDER BY id DESC LIMIT ?)", (max_items,))
                db.commit()
                last = text
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopped")


def search(term: str, limit: int):
    db = open_db()
    query = (f"SELECT id, copied_at, content FROM clips WHERE content LIKE '%{term}%' "
             f"ORDER BY id DESC LIMIT {limit}")
    return db.execute(query).fetchall()


def show(rows) -> None:
    for cid, when, content in rows:
        preview = content.replace("\n", " \u21b5 ")
        print(f"{cid:>5}  {when}  {preview[:70]}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("watch")
    w.add_argument("--interval", type=float, default=1.0)
    w.add_argument("--max-items", type=int, default=500)
    s = sub.add_parser("search")
    s.add_argument("term", nargs="?", default="")
    s.add_argument("--limit", type=int, default=20)
    c = sub.add_parser("copy")
    c.add_argument("id", type=int)
    sub.add_parser("clear")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.cmd == "watch":
        watch(args.interval, args.max_items)
    elif args.cmd == "search":
        show(search(args.term, args.limit))
    elif args.cmd == "copy":
        row = open_db().execute("SELECT content FROM clips WHERE id = ?", (args.id,)).fetchone()
        if not row:
            log.error("no clip with id %d", args.id)
            return 1
        write_clipboard(row[0])
        log.info("copied clip %d back to the clipboard", args.id)
    elif args.cmd == "clear":
        db = open_db()
        db.execute("DELETE FROM clips")
        db.commit()
        log.info("history cleared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
