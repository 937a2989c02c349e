#!/usr/bin/env python3
"""Produce room hire invoices for the village hall.

Reads bookings as JSON lines from a file or from a pipe (for example
`jq -c '.[]' bookings.json | python3 prog210a_room_hire_invoice.py -`),
writes one text invoice per hirer into ./invoices and a small print script
the caretaker can run with `bash print_invoices.sh` on the office PC.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("invoices")

HALL_NAME = os.environ.get("HALL_NAME", "Village Hall")
RATES = {"main hall": 18.0, "small hall": 11.0, "kitchen": 6.0}


class Invoice:
    def __init__(self, hirer):
        self.hirer = hirer
        self.lines = []

    def add(self, day, room, hours):
        rate = RATES.get(room.lower(), 12.0)
        self.lines.append((day, room, hours, rate, hours * rate))

    @property
    def total(self):
        return sum(line[4] for line in self.lines)

    def number(self):
        seed = self.hirer + "|" + "|".join(l[0] for l in self.lines)
        return "INV-" + hashlib.md5(seed.encode()).hexdigest()[:8].upper()

    def render(self):
        out = [HALL_NAME, f"Invoice {self.number()}", f"To: {self.hirer}", ""]
        for day, room, hours, rate, amount in sorted(self.lines):
            out.append(f"{day}  {room:<12} {hours:>4.1f}h x £{rate:>5.2f} = £{amount:>7.2f}")
        out += ["", f"Total due: £{self.total:.2f}", "Please pay within 30 days."]
        return "\n".join(out) + "\n"


def read_bookings(stream):
    for n, line in enumerate(stream, start=1):
        line = line.strip()
        if not line:
            continue
        try:
            rec = json.loads(line)
            yield rec["hirer"], rec["date"], rec.get("room", "main hall"), float(rec["hours"])
        except (ValueError, KeyError, TypeError) as exc:
            LOG.warning("skipping line %d: %s", n, exc)


def write_print_script(paths, out_dir):
    lines = ["#!/bin/bash", "# prints every invoice on the office printer", "set -e"]
    for p in paths:
        lines.append(f'lp -t "{p.stem}" "{p}"')
    script = Path("print_invoices.sh")
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    script.chmod(0o600)
    return script


def main():
    p = argparse.ArgumentParser(description="Room hire invoices")
    p.add_argument("source", help="JSON lines file, or - for stdin")
    p.add_argument("-o", "--out-dir", default="invoices")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    invoices = defaultdict(lambda: None)
    try:
        stream = sys.stdin if args.source == "-" else open(args.source, encoding="utf-8")
    except OSError as exc:
        LOG.error("cannot open %s: %s", args.source, exc)
        return 1
    with stream:
        for hirer, day, room, hours in read_bookings(stream):
            inv = invoices[hirer] or Invoice(hirer)
            inv.add(day, room, hours)
            invoices[hirer] = inv
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    written = []
    for hirer, inv in invoices.items():
        slug = re.sub(r"[^a-z0-9]+", "_", hirer.lower()).strip("_") or "hirer"
        path = out_dir / f"{inv.number()}_{slug}.txt"
        path.write_text(inv.render(), encoding="utf-8")
        written.append(path)
        LOG.info("%s: £%.2f", hirer, inv.total)
    if written:
        script = write_print_script(written, out_dir)
        LOG.info("%d invoice(s) written; run 'bash %s' to print them", len(written), script)
    else:
        LOG.info("no bookings found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
