#!/usr/bin/env python3
"""Pin the POS back-end names in /etc/hosts.

The shop's router DNS drops out on busy Saturdays, which stops the card
terminal bridge and the stock server from being found.  This keeps a managed
block in /etc/hosts with the addresses the tills need.
"""
import argparse
import logging
import os
import pathlib
import subprocess
import sys

LOG = logging.getLogger("hosts_pin")

HOSTS = pathlib.Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
BEGIN = "# BEGIN tackle-pos managed block"
END = "# END tackle-pos managed block"

PINS = {
    "stock.tackleshop.example.com": "192.0.2.10",
    "till-bridge.tackleshop.example.com": "192.0.2.11",
    "loyalty.tackleshop.example.com": "192.0.2.12",
    "backoffice.tackleshop.example.com": "192.0.2.20",
}


def render_block(pins):
    lines = [BEGIN]
    for name, addr in sorted(pins.items()):
        lines.append(f"{addr}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return "".join(out)


def write_hosts(content, dry_run):
    if dry_run:
        sys.stdout.write(content)
        return
    if os.geteuid() == 0:
        HOSTS.write_text(content)
        os.chmod(HOSTS, 0o644)
        return
    LOG.info("not root, writing %s through sudo", HOSTS)
    subprocess.run(["sudo", "tee", str(HOSTS)], input=content.encode(),
                   stdout=subprocess.DEVNULL, check=True)


def parse_extra(items):
    extra = {}
    for item in items or []:
        try:
            name, addr = item.split("=", 1)
        except ValueError:
            raise SystemExit(f"bad --pin {item!r}, expected name=address")
        extra[name.strip()] = addr.strip()
    return extra


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pin", action="append", help="extra name=address pin")
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    current = HOSTS.read_text()
    base = strip_block(current)
    if args.remove:
        new = base
    else:
        pins = dict(PINS)
        pins.update(parse_extra(args.pin))
        new = base.rstrip("\n") + "\n\n" + render_block(pins)
    if new == current:
        LOG.info("%s already up to date", HOSTS)
        return
    write_hosts(new, args.dry_run)
    LOG.info("updated %s", HOSTS)


if __name__ == "__main__":
    main()
