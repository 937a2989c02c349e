#!/usr/bin/env python3
"""Sync turnstile controller hostnames into the local hosts table so the
gate-monitoring console can reach controllers by name when the stadium
DNS server is down on match day."""

import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

log = logging.getLogger("hosts-sync")

CONFIG = {
    "inventory_url": "https://inventory.gates.example.com/api/controllers",
    "table": ("", "etc", "hosts"),
    "begin": "# >>> turnstile-controllers >>>",
    "end": "# <<< turnstile-controllers <<<",
    "domain": "gates.example.com",
}


def table_path(parts=CONFIG["table"]):
    return Path(os.sep.join(parts))


class Inventory:
    def __init__(self, url, timeout=10):
        self.url = url
        self.timeout = timeout

    def fetch(self):
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            data = json.load(resp)
        return [c for c in data.get("controllers", []) if c.get("ip") and c.get("name")]

    @staticmethod
    def from_file(path):
        with open(path) as fh:
            return json.load(fh).get("controllers", [])


class HostsBlock:
    def __init__(self, begin, end, domain):
        self.begin = begin
        self.end = end
        self.domain = domain

    def render(self, controllers):
        lines = [self.begin]
        for c in sorted(controllers, key=lambda c: c["name"]):
            short = c["name"].lower()
            lines.append("%-16s %s.%s %s" % (c["ip"], short, self.domain, short))
        lines.append(self.end)
        return "\n".join(lines) + "\n"

    def merge(self, existing, block):
        out, skipping = [], False
        for line in existing.splitlines(keepends=True):
            if line.strip() == self.begin:
                skipping = True
                continue
            if line.strip() == self.end:
                skipping = False
                continue
            if not skipping:
                out.append(line)
        text = "".join(out)
        if text and not text.endswith("\n"):
            text += "\n"
        return text + block


def write_table(path, content, backup=True):
    if backup and path.exists():
        bak = path.with_name(path.name + ".turnstile.bak")
        bak.write_text(path.read_text())
        log.info("backup at %s", bak)
    tmp = path.with_name(path.name + ".new")
    tmp.write_text(content)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--from-file", help="use a local inventory JSON instead of the API")
    ap.add_argument("--print", dest="print_only", action="store_true")
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        if args.from_file:
            controllers = Inventory.from_file(args.from_file)
        else:
            controllers = Inventory(CONFIG["inventory_url"]).fetch()
    except (OSError, ValueError) as exc:
        log.error("inventory unavailable: %s", exc)
        return 2
    log.info("%d controllers in inventory", len(controllers))

    block = HostsBlock(CONFIG["begin"], CONFIG["end"], CONFIG["domain"])
    path = table_path()
    merged = block.merge(path.read_text(), block.render(controllers))
    if args.print_only:
        print(merged, end="")
        return 0
    try:
        write_table(path, merged, backup=not args.no_backup)
    except PermissionError:
        log.error("cannot write %s; run as the console admin account", path)
        return 1
    log.info("hosts table updated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
