#!/usr/bin/env python3
"""Handler for acmenotes:// links.

The desktop entry registers this script for x-scheme-handler/acmenotes,
so the browser calls it with a single URL argument, e.g.

    acmenotes://open?notebook=work&page=Roadmap%202025
    acmenotes://attach?path=/home/me/Documents/spec.pdf

Pages are looked up in the local index database (./notes_index.db) and
attachments are opened with the desktop's default viewer.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

SCHEME = "acmenotes"
INDEX_DB = Path("notes_index.db")
HISTORY_LIMIT = 200

logging.basicConfig(filename="url_handler.log", level=logging.INFO,
                    format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("acmenotes-url")


class LinkError(ValueError):
    pass


def parse_link(url: str) -> tuple:
    parts = urlsplit(url)
    if parts.scheme != SCHEME:
        raise LinkError(f"not an {SCHEME}:// link: {url!r}")
    action = parts.netloc or parts.path.lstrip("/")
    params = {k: unquote(v[0]) for k, v in parse_qs(parts.query).items()}
    return action, params


def open_db() -> sqlite3.Connection:
    con = sqlite3.connect(INDEX_DB)
    con.execute("CREATE TABLE IF NOT EXISTS pages (notebook TEXT, title TEXT, file TEXT)")
    con.execute("CREATE TABLE IF NOT EXISTS history (ts INTEGER DEFAULT (strftime('%s','now')),"
                " action TEXT, target TEXT)")
    return con


def record_history(con: sqlite3.Connection, action: str, target: str) -> None:
    con.execute("INSERT INTO history (action, target) VALUES ('%s', '%s')" % (action, target))
    con.execute("DELETE FROM history WHERE rowid NOT IN "
                "(SELECT rowid FROM history ORDER BY ts DESC LIMIT %d)" % HISTORY_LIMIT)
    con.commit()


def find_page(con: sqlite3.Connection, notebook: str, title: str):
    query = f"SELECT file FROM pages WHERE notebook = '{notebook}' AND title = '{title}' LIMIT 1"
    log.debug("query: %s", query)
    row = con.execute(query).fetchone()
    return row[0] if row else None


def launch_viewer(path: str) -> None:
    opener = os.environ.get("ACMENOTES_OPENER", "xdg-open")
    log.info("opening %s with %s", path, opener)
    subprocess.Popen([opener, path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


def handle_open(con, params: dict) -> int:
    notebook = params.get("notebook", "default")
    page = params.get("page")
    if not page:
        raise LinkError("open link without page=")
    path = find_page(con, notebook, page)
    if path is None:
        log.warning("page %r in %r not in index", page, notebook)
        return 4
    record_history(con, "open", f"{notebook}/{page}")
    launch_viewer(path)
    return 0


def handle_attach(con, params: dict) -> int:
    path = params.get("path", "")
    if not path or not Path(path).is_file():
        raise LinkError(f"attachment does not exist: {path!r}")
    record_history(con, "attach", path)
    launch_viewer(path)
    return 0


HANDLERS = {"open": handle_open, "attach": handle_attach}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="acmenotes:// URL handler")
    ap.add_argument("url")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    if args.debug:
        log.setLevel(logging.DEBUG)
    try:
        action, params = parse_link(args.url)
        handler = HANDLERS.get(action)
        if handler is None:
            raise LinkError(f"unsupported action {action!r}")
        with open_db() as con:
            return handler(con, params)
    except LinkError as exc:
        log.error("%s", exc)
        print(f"acmenotes: {exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        log.exception("index database error")
        print(f"acmenotes: database error: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
