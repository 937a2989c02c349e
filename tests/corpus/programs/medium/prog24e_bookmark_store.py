#!/usr/bin/env python3
"""Bookmark manager with pluggable storage strategies.

The storage backend is chosen by name from BACKENDS (an abstract base class
with concrete JSON-file and SQLite implementations). Commands call the
backend through the Service layer and never touch storage directly.
"""
import argparse
import json
import logging
import sqlite3
import sys
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, asdict
from pathlib import Path
from typing import Dict, List, Optional, Type

log = logging.getLogger("bookmarks")


@dataclass
class Bookmark:
    url: str
    title: str
    tag: str
    added: float


class Storage(ABC):
    @abstractmethod
    def add(self, bm: Bookmark) -> None: ...

    @abstractmethod
    def find(self, tag: Optional[str], text: Optional[str]) -> List[Bookmark]: ...

    def close(self) -> None:
        pass


class JsonStorage(Storage):
    def __init__(self, location: Path) -> None:
        self.path = location.with_suffix(".json")
        self.items: List[Dict] = json.loads(self.path.read_text()) if self.path.exists() else []

    def add(self, bm: Bookmark) -> None:
        self.items.append(asdict(bm))
        self.path.write_text(json.dumps(self.items, indent=2))

    def find(self, tag, text):
        out = []
        for item in self.items:
            if tag and item["tag"] != tag:
                continue
            if text and text.lower() not in (item["title"] + item["url"]).lower():
                continue
            out.append(Bookmark(**item))
        return out


class SqliteStorage(Storage):
    SCHEMA = "CREATE TABLE IF NOT EXISTS bookmarks (url TEXT, title TEXT, tag TEXT, added REAL)"

    def __init__(self, location: Path) -> None:
        self.conn = sqlite3.connect(location.with_suffix(".db"))
        self.conn.execute(self.SCHEMA)

    def add(self, bm: Bookmark) -> None:
        self.conn.execute("INSERT INTO bookmarks VALUES (?, ?, ?, ?)",
                          (bm.url, bm.title, bm.tag, bm.added))
        self.conn.commit()

    def _where(self, tag, text) -> str:
        clauses = []
        if tag:
            clauses.append(f"tag = '{tag}'")
        if text:
            clauses.append(f"(title LIKE '%{text}%' OR url LIKE '%{text}%')")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def find(self, tag, text):
        query = "SELECT url, title, tag, added FROM bookmarks" + self._where(tag, text)
        query += " ORDER BY added DESC"
        log.debug("sql: %s", query)
        return [Bookmark(*row) for row in self.conn.execute(query)]

    def close(self) -> None:
        self.conn.close()


BACKENDS: Dict[str, Type[Storage]] = {"json": JsonStorage, "sqlite": SqliteStorage}


class Service:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def add(self, url: str, title: str, tag: str) -> Bookmark:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"not a web URL: {url}")
        bm = Bookmark(url, title or url, tag or "misc", time.time())
        self.storage.add(bm)
        return bm

    def search(self, tag: Optional[str], text: Optional[str]) -> List[Bookmark]:
        return self.storage.find(tag, text)


def render(bookmarks: List[Bookmark]) -> str:
    lines = []
    for bm in bookmarks:
        when = time.strftime("%Y-%m-%d", time.localtime(bm.added))
        lines.append(f"{when}  [{bm.tag}]  {bm.title}\n            {bm.url}")
    return "\n".join(lines) or "(no bookmarks)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--backend", choices=sorted(BACKENDS), default="sqlite")
    ap.add_argument("--store", type=Path, default=Path("bookmarks"))
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("add")
    p_add.add_argument("url")
    p_add.add_argument("--title", default="")
    p_add.add_argument("--tag", default="")
    p_find = sub.add_parser("find")
    p_find.add_argument("text", nargs="?")
    p_find.add_argument("--tag")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    storage = BACKENDS[args.backend](args.store)
    service = Service(storage)
    try:
        if args.cmd == "add":
            bm = service.add(args.url, args.title, args.tag)
            print(f"added {bm.url}")
        else:
            print(render(service.search(args.tag, args.text)))
    except (ValueError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    finally:
        storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
