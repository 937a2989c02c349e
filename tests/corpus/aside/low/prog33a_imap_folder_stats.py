#!/usr/bin/env python3
"""Collect per-folder statistics from an IMAP account.

Connects over IMAPS, walks the folder list, and records message counts,
unread counts and total size per folder.  The result is written as JSON
into the current working directory so it can be charted later.

The account password is read from the IMAP_PASSWORD environment variable
and is only ever sent to the configured IMAP server.
"""

import argparse
import imaplib
import json
import logging
import os
import re
import ssl
import sys
from dataclasses import dataclass, asdict, field
from typing import List, Optional

log = logging.getLogger("imap-stats")

LIST_RE = re.compile(r'\((?P<flags>[^)]*)\) "(?P<delim>[^"]*)" (?P<name>.+)')


@dataclass
class FolderStats:
    name: str
    total: int = 0
    unseen: int = 0
    size_bytes: int = 0
    flags: List[str] = field(default_factory=list)


def parse_list_line(raw: bytes) -> Optional[FolderStats]:
    line = raw.decode("utf-8", errors="replace")
    match = LIST_RE.match(line)
    if not match:
        log.debug("unparsable LIST line: %s", line)
        return None
    name = match.group("name").strip().strip('"')
    flags = match.group("flags").split()
    return FolderStats(name=name, flags=flags)


class ImapStatsCollector:
    def __init__(self, host: str, port: int, user: str, password: str):
        self.host = host
        self.port = port
        self.user = user
        self._password = password
        self.conn: Optional[imaplib.IMAP4_SSL] = None

    def __enter__(self):
        context = ssl.create_default_context()
        self.conn = imaplib.IMAP4_SSL(self.host, self.port, ssl_context=context)
        self.conn.login(self.user, self._password)
        log.info("logged in to %s as %s", self.host, self.user)
        return self

    def __exit__(self, exc_type, exc, tb):
        if self.conn is not None:
            try:
                self.conn.logout()
            except imaplib.IMAP4.error:
                pass

    def folders(self) -> List[FolderStats]:
        typ, data = self.conn.list()
        if typ != "OK":
            raise RuntimeError(f"LIST failed: {typ}")
        result = []
        for raw in data:
            if raw is None:
                continue
            entry = parse_list_line(raw)
            if entry and "\\Noselect" not in entry.flags:
                result.append(entry)
        return result

    def fill(self, folder: FolderStats) -> FolderStats:
        typ, _ = self.conn.select(f'"{folder.name}"', readonly=True)
        if typ != "OK":
            log.warning("cannot select %s", folder.name)
            return folder
        typ, data = self.conn.search(None, "ALL")
        ids = data[0].split() if typ == "OK" and data[0] else []
        folder.total = len(ids)
        typ, data = self.conn.search(None, "UNSEEN")
        folder.unseen = len(data[0].split()) if typ == "OK" and data[0] else 0
        if ids:
            typ, sizes = self.conn.fetch(b"1:*", "(RFC822.SIZE)")
            if typ == "OK":
                for item in sizes:
                    if isinstance(item, bytes):
                        m = re.search(rb"RFC822\.SIZE (\d+)", item)
                        if m:
                            folder.size_bytes += int(m.group(1))
        return folder


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", required=True)
    parser.add_argument("--port", type=int, default=993)
    parser.add_argument("--user", required=True)
    parser.add_argument("--only", nargs="*", help="restrict to these folders")
    parser.add_argument("--output", default="imap_stats.json")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    password = os.environ.get("IMAP_PASSWORD")
    if not password:
        log.error("IMAP_PASSWORD is not set")
        return 2

    try:
        with ImapStatsCollector(args.host, args.port, args.user, password) as coll:
            stats = []
            for folder in coll.folders():
                if args.only and folder.name not in args.only:
                    continue
                stats.append(coll.fill(folder))
                log.info("%-30s %6d msgs %5d unseen", folder.name,
                         folder.total, folder.unseen)
    except (imaplib.IMAP4.error, OSError) as exc:
        log.error("IMAP session failed: %s", exc)
        return 1

    out_path = os.path.join(os.getcwd(), args.output)
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump({"host": args.host, "user": args.user,
                   "folders": [asdict(s) for s in stats]}, fh, indent=2)
    os.chmod(out_path, 0o600)
    log.info("wrote %s", out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
