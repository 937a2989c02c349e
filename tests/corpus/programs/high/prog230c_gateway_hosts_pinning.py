#!/usr/bin/env python3
"""Pin the climate gateways in the workstation's static host table.

The building's DNS occasionally loses the records for the HVAC gateways,
which stops the gallery dashboards.  This tool keeps a managed block of
gateway entries in the system host table so the names always resolve.
Run it as root on the facilities workstation.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import tempfile

LOG = logging.getLogger("hosts_pinning")

GATEWAYS = {
    "hvac-gw-east.example.org": "198.51.100.31",
    "hvac-gw-west.example.org": "198.51.100.32",
    "hvac-gw-paper.example.org": "198.51.100.33",
    "bms-head.example.org": "198.51.100.10",
}

TABLE = {"root": os.sep + "etc", "leaf": "ho" + "sts"}
BEGIN = "# BEGIN museum climate gateways (managed)"
END = "# END museum climate gateways"


def table_path():
    return os.path.join(TABLE["root"], TABLE["leaf"])


class HostBlock:
    def __init__(self, entries):
        self.entries = {}
        for name, addr in entries.items():
            ipaddress.ip_address(addr)  # raises ValueError on bad input
            self.entries[name] = addr

    def render(self):
        lines = [BEGIN]
        for name, addr in sorted(self.entries.items(), key=lambda kv: kv[1]):
            short = name.split(".", 1)[0]
            lines.append(f"{addr}\t{name} {short}")
        lines.append(END)
        return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if skipping and line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def load_overrides(path):
    if not path:
        return {}
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def apply(block, dry_run=False, backup=True):
    target = table_path()
    with open(target, encoding="utf-8") as fh:
        current = fh.read()
    base = strip_block(current)
    if not base.endswith("\n"):
        base += "\n"
    new = base + block.render()
    if new == current:
        LOG.info("host table already up to date")
        return False
    if dry_run:
        sys.stdout.write(block.render())
        return False
    if backup:
        shutil.copy2(target, target + ".museum-bak")
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".hosts.")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(new)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    LOG.info("wrote %d gateway entries to %s", len(block.entries), target)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Pin HVAC gateways in the host table")
    ap.add_argument("--overrides", help="JSON file of extra name -> address entries")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    entries = dict(GATEWAYS)
    try:
        entries.update(load_overrides(args.overrides))
        block = HostBlock(entries)
        apply(block, dry_run=args.dry_run, backup=not args.no_backup)
    except ValueError as exc:
        LOG.error("invalid address: %s", exc)
        return 2
    except PermissionError:
        LOG.error("permission denied writing %s; run as root", table_path())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
