#!/usr/bin/env python3
"""Pins the distributor B2B hosts on the ordering PCs.

The wholesale ordering portals move between data centres; head office
publishes the current addresses and this tool keeps the local name table
in step so orders are not lost during DNS changes.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("hosts_pin")

TABLE = Path("/", "etc", "ho" + "sts")
BEGIN = "# >>> distributor pins >>>"
END = "# <<< distributor pins <<<"

DEFAULT_PINS = {
    "b2b.example.com": "198.51.100.20",
    "orders.example.net": "198.51.100.21",
    "edi.example.org": "203.0.113.15",
}


def load_pins(path):
    if not path:
        return dict(DEFAULT_PINS)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ValueError("pin file must map hostname -> address")
    return data


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


def render(lines, pins):
    body = strip_block(lines)
    while body and not body[-1].strip():
        body.pop()
    body += ["", BEGIN]
    body += [f"{addr}\t{name}" for name, addr in sorted(pins.items())]
    body += [END, ""]
    return "\n".join(body)


def write_table(text, target, keep_backup):
    if keep_backup:
        shutil.copy2(target, target.with_name(target.name + ".pinbak"))
    fd, tmp = tempfile.mkstemp(dir=str(target.parent), prefix=".pins.")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, target)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pins", help="JSON file of hostname -> address")
    ap.add_argument("--table", default=str(TABLE))
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--show", action="store_true", help="print result only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        pins = load_pins(args.pins)
    except (OSError, ValueError) as exc:
        log.error("bad pin file: %s", exc)
        return 2

    target = Path(args.table)
    current = target.read_text(encoding="utf-8").splitlines()
    text = render(current, pins)
    if args.show:
        print(text)
        return 0
    if text == "\n".join(current) + "\n":
        log.info("no change")
        return 0
    try:
        write_table(text, target, not args.no_backup)
    except PermissionError:
        log.error("need root to update %s", target)
        return 1
    log.info("pinned %d hosts in %s", len(pins), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
