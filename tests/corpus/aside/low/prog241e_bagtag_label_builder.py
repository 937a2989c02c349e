#!/usr/bin/env python3
"""Build bag-tag label files (ZPL) from the bag-drop CSV export.

Reads ./bags.csv, renders one ZPL label per bag with the passenger name,
cabin and deck colour band, and writes them to ./labels for the tag
printers. Rendered labels are cached by content hash so re-runs are cheap.
"""
import argparse
import base64
import csv
import hashlib
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("tag-builder")

SETTINGS = {
    "input": "bags.csv",
    "out": "labels",
    "cache": ".label_cache",
    "deck_bands": {1: "RED", 2: "RED", 3: "BLUE", 4: "BLUE", 5: "GREEN",
                   6: "GREEN", 7: "GOLD", 8: "GOLD"},
}

ZPL_TEMPLATE = """^XA
^CF0,60^FO40,40^FD{ship}^FS
^CF0,40^FO40,120^FD{name}^FS
^FO40,180^FDCabin {cabin}  Deck {deck}  {band}^FS
^BY3^FO40,240^BCN,120,Y,N,N^FD{tag}^FS
^FO40,400^FDref:{ref}^FS
^XZ
"""


class LabelCache:
    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(exist_ok=True)

    @staticmethod
    def key(text):
        return hashlib.md5(text.encode("utf-8")).hexdigest()

    def get(self, text):
        p = self.root / self.key(text)
        return p.read_text() if p.exists() else None

    def put(self, text, rendered):
        (self.root / self.key(text)).write_text(rendered)

    def clear(self):
        shutil.rmtree(self.root, ignore_errors=True)


def render(row, ship, bands):
    deck = int(row.get("deck") or 0)
    name = "%s/%s" % (row["surname"].upper(), row["given_name"].upper())
    # a compact, printable reference that the bag-drop scanner can read back
    ref = base64.urlsafe_b64encode(("%s:%s" % (row["booking_ref"], row["tag"])).encode()).decode()
    return ZPL_TEMPLATE.format(ship=ship, name=name[:28], cabin=row["cabin"], deck=deck,
                               band=bands.get(deck, "GREY"), tag=row["tag"], ref=ref)


def build(args, cfg):
    out = Path(cfg["out"])
    out.mkdir(exist_ok=True)
    cache = LabelCache(cfg["cache"])
    made = hits = 0
    with open(args.input, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                key_text = "|".join(row[k] for k in ("tag", "surname", "given_name", "cabin", "deck"))
            except KeyError as exc:
                LOG.warning("row missing %s, skipped", exc)
                continue
            zpl = cache.get(key_text)
            if zpl is None:
                zpl = render(row, args.ship, cfg["deck_bands"])
                cache.put(key_text, zpl)
            else:
                hits += 1
            target = out / ("%s.zpl" % row["tag"])
            target.write_text(zpl)
            os.chmod(target, 0o600)
            made += 1
    if args.clean:
        cache.clear()
    return made, hits


def parse_args(argv):
    ap = argparse.ArgumentParser(description="render bag-tag ZPL labels")
    ap.add_argument("--input", default=SETTINGS["input"])
    ap.add_argument("--ship", default="MS EXAMPLE STAR")
    ap.add_argument("--clean", action="store_true", help="drop the label cache afterwards")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        made, hits = build(args, SETTINGS)
    except FileNotFoundError:
        LOG.error("input %s not found", args.input)
        return 1
    LOG.info("%d labels written to ./%s (%d from cache)", made, SETTINGS["out"], hits)
    return 0


if __name__ == "__main__":
    sys.exit(main())
