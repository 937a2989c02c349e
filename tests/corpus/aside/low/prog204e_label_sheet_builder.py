#!/usr/bin/env python3
"""Builds printable packet label sheets for the seed library.

Reads packets.csv from the working directory and writes an HTML sheet of
labels (variety, lot, packed date, borrower note) into ./build/.
"""
import argparse
import csv
import html
import importlib
import logging
import os
import shutil
import sys
from dataclasses import dataclass

log = logging.getLogger("labels")

BUILD = "build"
CSS = """
body { font-family: sans-serif; }
.sheet { display: grid; grid-template-columns: repeat(3, 6.3cm); gap: 0.2cm; }
.label { border: 1px dashed #999; height: 3.8cm; padding: 0.2cm; font-size: 9pt; }
.variety { font-weight: bold; font-size: 11pt; }
"""


@dataclass
class Packet:
    variety: str
    lot: str
    packed: str
    note: str = ""

    def cell(self) -> str:
        esc = html.escape
        return (f'<div class="label"><div class="variety">{esc(self.variety)}</div>'
                f"<div>Lot {esc(self.lot)} &middot; packed {esc(self.packed)}</div>"
                f"<div>{esc(self.note)}</div></div>")


def clean_build():
    if os.path.isdir(BUILD):
        shutil.rmtree(BUILD)
        log.info("removed previous %s/", BUILD)
    os.makedirs(BUILD)


def read_packets(path, copies):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            pkt = Packet(row.get("variety", "?"), row.get("lot", "?"),
                         row.get("packed", ""), row.get("note", ""))
            for _ in range(int(row.get("copies") or copies)):
                yield pkt


def write_sheet(packets, title):
    body = "\n".join(p.cell() for p in packets)
    doc = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
           f"</title><style>{CSS}</style></head><body><div class='sheet'>{body}</div>"
           "</body></html>")
    target = os.path.join(BUILD, "labels.html")
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(doc)
    os.chmod(target, 0o600)
    return target


def open_preview(path):
    browser = importlib.import_module("webbrowser")
    getattr(browser, "open")("file://" + os.path.abspath(path))


STEPS = {"clean": clean_build}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seed packet label sheets")
    ap.add_argument("csv", nargs="?", default="packets.csv")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--title", default="Seed Library labels")
    ap.add_argument("--preview", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    STEPS["clean"]()
    try:
        packets = list(read_packets(args.csv, args.copies))
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    if not packets:
        log.warning("no packets listed")
        return 1
    target = write_sheet(packets, args.title)
    log.info("%d labels written to %s", len(packets), target)
    if args.preview:
        open_preview(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
