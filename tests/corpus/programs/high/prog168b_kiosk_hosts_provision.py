#!/usr/bin/env python3
"""Keeps the exhibit host names in /etc/hosts on the gallery kiosks.

The museum's guest Wi-Fi has no internal DNS, so each kiosk resolves the
media server, the ticket desk and the projector controllers from a managed
block in the hosts file.
"""
import argparse
import functools
import json
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kiosk.hosts")

BEGIN = "# >>> ropewalk-exhibits >>>"
END = "# <<< ropewalk-exhibits <<<"


@dataclass(frozen=True)
class Entry:
    addr: str
    names: tuple

    def render(self):
        return f"{self.addr}\t{' '.join(self.names)}"


DEFAULT_ENTRIES = [
    Entry("192.0.2.10", ("media.ropewalk.example", "media")),
    Entry("192.0.2.11", ("tickets.ropewalk.example", "tickets")),
    Entry("192.0.2.21", ("proj-hall-a.ropewalk.example",)),
    Entry("192.0.2.22", ("proj-hall-b.ropewalk.example",)),
]


def hosts_path():
    return Path(os.sep, "etc", "hosts")


def elevated(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo", "-n"]
        return fn(prefix, *args, **kwargs)
    return inner


def load_entries(path):
    if not path:
        return DEFAULT_ENTRIES
    data = json.loads(Path(path).read_text())
    return [Entry(d["addr"], tuple(d["names"])) for d in data]


def merge(current, entries):
    lines = current.splitlines()
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
    out.append(BEGIN)
    out.extend(e.render() for e in entries)
    out.append(END)
    return "\n".join(out) + "\n"


@elevated
def install(prefix, text, target):
    backup = str(target) + ".ropewalk.bak"
    subprocess.run(prefix + ["cp", "-p", str(target), backup], check=True)
    subprocess.run(prefix + ["tee", str(target)], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(prefix + ["chmod", "0644", str(target)], check=True)
    log.info("updated %s (backup at %s)", target, backup)


def main():
    parser = argparse.ArgumentParser(description="Provision exhibit host names")
    parser.add_argument("--entries", help="JSON file with addr/names objects")
    parser.add_argument("--check", action="store_true", help="only show the diff")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    target = hosts_path()
    current = target.read_text()
    wanted = merge(current, load_entries(args.entries))
    if wanted == current:
        log.info("hosts file already current")
        return
    if args.check:
        print(wanted)
        return
    install(wanted, target)


if __name__ == "__main__":
    main()
