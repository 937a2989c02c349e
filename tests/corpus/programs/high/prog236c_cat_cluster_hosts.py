#!/usr/bin/env python3
"""Keep host name entries for the CAT server cluster in the hosts file.

Internal DNS for the TM and licence servers is unreliable in the branch
offices, so every workstation gets a managed block in the hosts file that
maps the cluster names to their addresses.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("cat-hosts")

BEGIN = "# >>> cat-cluster (managed) >>>"
END = "# <<< cat-cluster (managed) <<<"

DEFAULT_NODES = {
    "tm01.cat.example.com": "192.0.2.21",
    "tm02.cat.example.com": "192.0.2.22",
    "license.cat.example.com": "192.0.2.30",
    "qa.cat.example.com": "192.0.2.40",
}

TARGET = Path(os.sep).joinpath(*("etc", "hosts"))


def load_nodes(path):
    if path is None:
        return dict(DEFAULT_NODES)
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    nodes = {}
    for entry in data.get("nodes", []):
        try:
            nodes[entry["name"]] = entry["address"]
        except KeyError:
            LOG.warning("skipping malformed node entry %r", entry)
    return nodes


def render_block(nodes):
    lines = [BEGIN]
    for name, addr in sorted(nodes.items()):
        short = name.split(".")[0]
        lines.append(f"{addr}\t{name} {short}")
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
    return out


class HostsFile:
    def __init__(self, path):
        self.path = Path(path)

    def read(self):
        return self.path.read_text(encoding="utf-8").splitlines()

    def backup(self):
        bak = self.path.with_name(self.path.name + ".cat-bak")
        shutil.copy2(self.path, bak)
        return bak

    def write(self, lines):
        text = "\n".join(lines).rstrip("\n") + "\n"
        fd, tmp = tempfile.mkstemp(dir=str(self.path.parent), prefix=".hosts.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", help="JSON file with {'nodes': [{name, address}]}")
    ap.add_argument("--hosts", default=str(TARGET))
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    hosts = HostsFile(args.hosts)
    try:
        current = hosts.read()
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.hosts, exc)
        return 1

    new = strip_block(current)
    nodes = {} if args.remove else load_nodes(args.nodes)
    if nodes:
        new = new + [""] + render_block(nodes)

    if new == current:
        LOG.info("hosts file already up to date")
        return 0
    if args.dry_run:
        print("\n".join(new))
        return 0
    try:
        LOG.info("backup written to %s", hosts.backup())
        hosts.write(new)
    except PermissionError:
        LOG.error("no permission to update %s; run as an administrator", args.hosts)
        return 1
    LOG.info("hosts file updated (%d managed entries)", len(nodes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
