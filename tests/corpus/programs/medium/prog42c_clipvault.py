#!/usr/bin/env python3
"""clipvault: a small clipboard history manager.

`clipvault watch` polls the X clipboard and stores new entries in a local
SQLite database; `clipvault find TEXT` searches it; `clipvault pick ID`
puts an old entry back on the clipboard.
"""
import argparse
import hashlib
import logging
import sqlite3
import subprocess
import time
from pathlib import Path

log = logging.getLogger("clipvault")
DB_PATH = Path.home() / ".local" / "share" / "clipvault" / "history.db"
SCHEMA = """CREATE TABLE IF NOT EXISTS clips (
    id INTEGER PRIMARY KEY, sha TEXT UNIQUE, body TEXT, seen REAL, hits INTEGER DEFAULT 1)"""


def read_clipboard() -> str:
    res = subprocess.run(["xclip", "-selection", "clipboard", "-o"],
                         capture_output=True, timeout=2)
    return res.stdout.decode("utf-8", "replace") if res.returncode == 0 else ""


def write_clipboard(text: str) -> None:
    subprocess.run(["xclip", "-selection", "clipboard", "-i"],
                   input=text.encode(), check=True, timeout=2)


class Vault:
    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def add(self, body: str) -> bool:
        sha = hashlib.sha256(body.encode()).hexdigest()
        cur = self.db.execute("UPDATE clips SET hits = hits + 1, seen = ? WHERE sha = ?",
                              (time.time(), sha))
        if cur.rowcount == 0:
            self.db.execute("INSERT INTO clips (sha, body, seen) VALUES (?, ?, ?)",
                            (sha, body, time.time()))
        self.db.commit()
        return cur.rowcount == 0

    def find(self, needle: str, limit: int, order: str):
        sql = (f"SELECT id, substr(body, 1, 70), hits FROM clips "
               f"WHERE body LIKE '%{needle}%' ORDER BY {order} DESC LIMIT {limit}")
        return self.db.execute(sql).fetchall()

    def get(self, clip_id: int) -> str:
        row = self.db.execute("SELECT body FROM clips WHERE id = ?", (clip_id,)).fetchone()
        if row is None:
            raise KeyError(clip_id)
        return row[0]

    def prune(self, keep: int) -> int:
        cur = self.db.execute(
            "DELETE FROM clips WHERE id NOT IN (SELECT id FROM clips ORDER BY seen DESC LIMIT ?)",
            (keep,))
        self.db.commit()
        return cur.rowcount


def watch(vault: Vault, interval: float, max_len: int, keep: int) -> None:
    last = None
    while True:
        try:
            text = read_clipboard()
        except (subprocess.TimeoutExpired, FileNotFoundError) as exc:
            log.warning("clipboard read failed: %s", exc)
            text = ""
        if text and text != last and len(text) <= max_len:
            if vault.add(text):
                log.debug("stored %d chars", len(text))
                vault.prune(keep)
            last = text
        time.sleep(interval)


def main() -> None:
    ap = argparse.ArgumentParser(prog="clipvault")
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("watch")
    w.add_argument("--interval", type=float, default=0.7)
    w.add_argument("--max-len", type=int, default=20000)
    w.add_argument("--keep", type=int, default=500)
    f = sub.add_parser("find")
    f.add_argument("text")
    f.add_argument("--limit", default="20")
    f.add_argument("--order", default="seen", choices=["seen", "hits", "id"])
    p = sub.add_parser("pick")
    p.add_argument("id", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    vault = Vault(DB_PATH)
    if args.cmd == "watch":
        try:
            watch(vault, args.interval, args.max_len, args.keep)
        except KeyboardInterrupt:
            pass
    elif args.cmd == "find":
        for cid, preview, hits in vault.find(args.text, args.limit, args.order):
            print(f"{cid:5d} [{hits:3d}] {preview!r}")
    elif args.cmd == "pick":
        write_clipboard(vault.get(args.id))
        log.info("entry %d is on the clipboard", args.id)


if __name__ == "__main__":
    main()
