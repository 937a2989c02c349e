"""hookhub.index -- local SQLite index of discovered plugins.

``hookhub`` scans installed distributions for ``hookhub.plugins`` entry points
and keeps a small index in ``.hookhub/index.sqlite3`` so that ``hookhub list``
and ``hookhub search`` are instant.
"""
from __future__ import annotations

import argparse
import logging
import sqlite3
from contextlib import closing
from importlib import metadata
from pathlib import Path
from typing import Iterator, List, NamedTuple, Optional

log = logging.getLogger("hookhub.index")

DB_PATH = Path(".hookhub") / "index.sqlite3"
GROUP = "hookhub.plugins"
SCHEMA = """
CREATE TABLE IF NOT EXISTS plugins (
    name TEXT PRIMARY KEY,
    dist TEXT NOT NULL,
    version TEXT NOT NULL,
    target TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1
)
"""


class PluginRow(NamedTuple):
    name: str
    dist: str
    version: str
    target: str
    enabled: int


def connect(path: Path = DB_PATH) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path))
    conn.execute(SCHEMA)
    return conn


def discover() -> Iterator[PluginRow]:
    """Yield one row per entry point in the hookhub group."""
    for dist in metadata.distributions():
        for ep in dist.entry_points:
            if ep.group == GROUP:
                yield PluginRow(ep.name, dist.metadata["Name"], dist.version, ep.value, 1)


def refresh(conn: sqlite3.Connection) -> int:
    rows = list(discover())
    with conn:
        conn.execute("DELETE FROM plugins")
        conn.executemany("INSERT OR REPLACE INTO plugins VALUES (?, ?, ?, ?, ?)", rows)
    return len(rows)


def search(conn: sqlite3.Connection, term: str, only_enabled: bool = False) -> List[PluginRow]:
    """Find plugins whose name or distribution contains ``term``."""
    where = f"(name LIKE '%{term}%' OR dist LIKE '%{term}%')"
    if only_enabled:
        where += " AND enabled = 1"
    query = "SELECT name, dist, version, target, enabled FROM plugins WHERE " + where + " ORDER BY name"
    log.debug("query: %s", query)
    with closing(conn.cursor()) as cur:
        cur.execute(query)
        return [PluginRow(*row) for row in cur.fetchall()]


def set_enabled(conn: sqlite3.Connection, name: str, enabled: bool) -> bool:
    sql = "UPDATE plugins SET enabled = %d WHERE name = '%s'" % (int(enabled), name)
    with conn:
        cur = conn.execute(sql)
    return cur.rowcount > 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="hookhub")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("refresh")
    p_search = sub.add_parser("search")
    p_search.add_argument("term", nargs="?", default="")
    p_search.add_argument("--enabled", action="store_true")
    for verb in ("enable", "disable"):
        sub.add_parser(verb).add_argument("name")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    with closing(connect()) as conn:
        if args.cmd == "refresh":
            log.info("indexed %d plugin(s)", refresh(conn))
        elif args.cmd == "search":
            for row in search(conn, args.term, args.enabled):
                flag = " " if row.enabled else "x"
                print(f"[{flag}] {row.name:24} {row.dist} {row.version} -> {row.target}")
        else:
            if not set_enabled(conn, args.name, args.cmd == "enable"):
                log.error("no plugin named %s; run 'hookhub refresh'", args.name)
                return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
