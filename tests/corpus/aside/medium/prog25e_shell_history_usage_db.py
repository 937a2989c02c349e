#!/usr/bin/env python3
"""cli-usage-db - build a local usage database of cloud CLI subcommands.

Reads the user's shell history, picks out invocations of cloud and developer
CLIs (aws, gcloud, az, kubectl, helm, terraform, gh), and records how often each
tool/subcommand pair is used in a SQLite database in the working directory.
Only tool and subcommand names are stored; arguments are discarded.
"""

import argparse
import logging
import os
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Iterator, Optional, Tuple

LOG = logging.getLogger("cli-usage-db")

TRACKED = {"aws", "gcloud", "az", "kubectl", "helm", "terraform", "gh"}
HISTORY_FILES = [".bash_history", ".zsh_history"]
ZSH_PREFIX = re.compile(r"^: \d+:\d+;")
SUBCOMMAND = re.compile(r"^[a-z][a-z0-9-]{0,30}$")


def history_lines(home: Path) -> Iterator[str]:
    for rel in HISTORY_FILES:
        path = home / rel
        if not path.exists():
            continue
        with path.open(encoding="utf-8", errors="replace") as fh:
            for raw in fh:
                line = ZSH_PREFIX.sub("", raw.strip())
                if line:
                    yield line


def parse(line: str) -> Optional[Tuple[str, str]]:
    words = line.split()
    if not words:
        return None
    tool = os.path.basename(words[0])
    if tool not in TRACKED:
        return None
    sub = next((w for w in words[1:] if not w.startswith("-")), "")
    if not SUBCOMMAND.match(sub):
        sub = "(other)"
    return tool, sub


class UsageDB:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS usage ("
            " tool TEXT NOT NULL, subcommand TEXT NOT NULL, count INTEGER NOT NULL,"
            " PRIMARY KEY (tool, subcommand))"
        )

    def record(self, tool: str, sub: str, count: int) -> None:
        cur = self.conn.execute(
            f"SELECT count FROM usage WHERE tool = '{tool}' AND subcommand = '{sub}'"
        )
        row = cur.fetchone()
        if row:
            self.conn.execute(
                f"UPDATE usage SET count = {row[0] + count} "
                f"WHERE tool = '{tool}' AND subcommand = '{sub}'"
            )
        else:
            self.conn.execute(
                f"INSERT INTO usage (tool, subcommand, count) VALUES ('{tool}', '{sub}', {count})"
            )

    def top(self, tool: Optional[str], limit: int):
        where = f"WHERE tool = '{tool}'" if tool else ""
        return self.conn.execute(
            f"SELECT tool, subcommand, count FROM usage {where} ORDER BY count DESC LIMIT {limit}"
        ).fetchall()

    def reset(self) -> None:
        self.conn.execute("DELETE FROM usage")

    def close(self) -> None:
        self.conn.commit()
        self.conn.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("cli-usage.sqlite"))
    ap.add_argument("--tool", help="only show this tool in the report")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--rebuild", action="store_true", help="clear counts before import")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    counts: Counter = Counter()
    for line in history_lines(Path.home()):
        parsed = parse(line)
        if parsed:
            counts[parsed] += 1
    LOG.info("found %d tracked invocations", sum(counts.values()))

    db = UsageDB(args.db)
    try:
        if args.rebuild:
            db.reset()
        for (tool, sub), n in counts.items():
            db.record(tool, sub, n)
        for tool, sub, n in db.top(args.tool, args.top):
            print(f"{n:>6}  {tool} {sub}")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
