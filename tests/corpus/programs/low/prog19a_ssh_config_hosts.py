#!/usr/bin/env python3
"""List the host aliases defined in ~/.ssh/config.

Handy for shell completion and for remembering which jump host goes with
which environment. Only the config file is read; nothing leaves the machine.
"""
import argparse
import fnmatch
import logging
import os
import sys
from dataclasses import dataclass, field

log = logging.getLogger("ssh-hosts")


@dataclass
class HostEntry:
    alias: str
    options: dict = field(default_factory=dict)

    @property
    def hostname(self):
        return self.options.get("hostname", self.alias)


def parse_config(path):
    """Parse Host blocks into HostEntry objects (wildcard patterns skipped)."""
    entries = []
    current = []
    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, _, value = line.replace("=", " ", 1).partition(" ")
            key, value = key.lower(), value.strip()
            if key == "host":
                current = [HostEntry(a) for a in value.split() if not any(c in a for c in "*?!")]
                entries.extend(current)
            elif key == "match":
                current = []
            else:
                for entry in current:
                    entry.options.setdefault(key, value)
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pattern", nargs="?", default="*", help="glob to filter aliases")
    parser.add_argument("--config", default=os.path.expanduser("~/.ssh/config"))
    parser.add_argument("-l", "--long", action="store_true", help="show hostname, user, port")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    try:
        entries = parse_config(args.config)
    except FileNotFoundError:
        log.error("no ssh config at %s", args.config)
        return 1

    for entry in sorted(entries, key=lambda e: e.alias):
        if not fnmatch.fnmatch(entry.alias, args.pattern):
            continue
        if args.long:
            print("{:<24} {:<32} {:<12} {}".format(
                entry.alias, entry.hostname, entry.options.get("user", "-"),
                entry.options.get("port", "22")))
        else:
            print(entry.alias)
    return 0


if __name__ == "__main__":
    sys.exit(main())
