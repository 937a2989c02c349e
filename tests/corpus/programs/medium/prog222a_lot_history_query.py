#!/usr/bin/env python3
"""Lot history lookup against the local equipment-event database.

Answers "which lots ran on which tool with which recipe" from the SQLite
event store the automation host keeps in the working directory, and
optionally checks that the tools in the result still answer on the
equipment LAN.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("lot-history")

DB_FILE = "eqp_events.db"
TOOL_ADDRS = {
    "ETCH-07": "192.0.2.17",
    "CVD-12": "192.0.2.32",
    "LITHO-03": "192.0.2.43",
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    lot_id TEXT, tool_id TEXT, recipe TEXT, chamber TEXT,
    started TEXT, finished TEXT, result TEXT
)
"""


class EventStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def _where(self, filters):
        parts = []
        for col, val in filters.items():
            if val is None:
                continue
            if "%" in val:
                parts.append("%s LIKE '%s'" % (col, val))
            else:
                parts.append("%s = '%s'" % (col, val))
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def runs(self, filters, order="started", limit=50):
        sql = "SELECT lot_id, tool_id, recipe, chamber, started, result FROM runs"
        sql += self._where(filters)
        sql += " ORDER BY {} DESC LIMIT {}".format(order, int(limit))
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


class Reachability:
    def __init__(self, addrs, count=1, wait=2):
        self.addrs = addrs
        self.count = str(count)
        self.wait = str(wait)

    def check(self, tool_id):
        addr = self.addrs.get(tool_id)
        if not addr:
            return "unknown"
        cmd = ["ping", "-c", self.count, "-W", self.wait, addr]
        try:
            rc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, timeout=10).returncode
        except (OSError, subprocess.TimeoutExpired):
            return "error"
        return "up" if rc == 0 else "down"


def main():
    ap = argparse.ArgumentParser(description="Lot history query")
    ap.add_argument("--lot")
    ap.add_argument("--tool")
    ap.add_argument("--recipe")
    ap.add_argument("--order", default="started")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--ping", action="store_true", help="check tool reachability")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(DB_FILE):
        LOG.warning("%s does not exist yet; creating empty store", DB_FILE)

    store = EventStore(DB_FILE)
    try:
        rows = store.runs({"lot_id": args.lot, "tool_id": args.tool,
                           "recipe": args.recipe}, args.order, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        store.close()

    probe = Reachability(TOOL_ADDRS) if args.ping else None
    seen = {}
    for lot, tool, recipe, chamber, started, result in rows:
        extra = ""
        if probe:
            if tool not in seen:
                seen[tool] = probe.check(tool)
            extra = "  [%s]" % seen[tool]
        print("%-12s %-9s %-20s %-3s %s %s%s"
              % (lot, tool, recipe, chamber, started, result, extra))
    LOG.info("%d rows", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
