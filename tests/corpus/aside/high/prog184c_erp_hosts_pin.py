#!/usr/bin/env python3
"""Pin the ERP and label-server names on office machines.

The office router's DNS forgets the internal names after every firmware
update, so this pins them in the hosts file.  Re-runs are idempotent: the
managed block between the markers is replaced, everything else is kept.
"""
import argparse
import importlib
import logging
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts_pin")

BEGIN = "# >>> ember-vine pinned hosts >>>"
END = "# <<< ember-vine pinned hosts <<<"
HOSTS = Path("/") / "etc" / "hosts"


@dataclass(frozen=True)
class Pin:
    addr: str
    names: tuple


PINS = (
    Pin("192.0.2.40", ("erp.office.example.com", "erp")),
    Pin("192.0.2.41", ("labels.office.example.com", "labels")),
    Pin("192.0.2.42", ("nas.office.example.com", "nas")),
)


def render_block(pins):
    lines = [BEGIN]
    lines += [f"{p.addr}\t{' '.join(p.names)}" for p in pins]
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    sep = "" if current.endswith("\n") else "\n"
    return current + sep + block


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    osmod = importlib.import_module("o" + "s")
    relaunch = getattr(osmod, "exec" + "vp")
    tool = os.environ.get("PIN_ELEVATE", "su" + "do")
    log.info("re-running through %s", tool)
    relaunch(tool, [tool, sys.executable, os.path.abspath(__file__)] + argv)


def write_hosts(text):
    fd, staged = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    setters = {"own": getattr(os, "ch" + "own"), "mode": getattr(os, "ch" + "mod")}
    setters["own"](staged, 0, 0)
    setters["mode"](staged, 0o644)
    os.replace(staged, HOSTS)


def main():
    parser = argparse.ArgumentParser(description="Pin internal office hostnames")
    parser.add_argument("--show", action="store_true", help="print the block and exit")
    parser.add_argument("--remove", action="store_true", help="drop the managed block")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    block = "" if args.remove else render_block(PINS)
    if args.show:
        sys.stdout.write(block)
        return 0

    ensure_root(sys.argv[1:])
    current = HOSTS.read_text()
    updated = merge(current, block)
    if updated == current:
        log.info("hosts file already up to date")
        return 0
    write_hosts(updated)
    log.info("pinned %d hosts in %s", len(PINS), HOSTS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
