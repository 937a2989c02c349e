#!/usr/bin/env python3
"""Punnet label generator and share.

Generates ZPL labels for today's packed punnets (strain, pack date, best
before, batch code) into ./labels and serves that folder so the label
printer tablet in the packing shed can pull them.
"""
import argparse
import csv
import datetime as dt
import functools
import http.server
import logging
import os
import socketserver
from pathlib import Path

LOG = logging.getLogger("labels")

LABEL_DIR = Path(os.environ.get("LABEL_DIR", "labels"))
SHARE = (os.environ.get("LABEL_BIND", "0.0.0.0"), int(os.environ.get("LABEL_PORT", "8088")))
SHELF_LIFE = {"oyster": 5, "lions_mane": 6, "shiitake": 10, "chestnut": 7, "king_oyster": 9}

ZPL = """^XA
^CF0,40^FO30,30^FD{name}^FS
^CF0,28^FO30,90^FDPacked {packed}  Best before {best}^FS
^FO30,140^FDBatch {batch}  Net {grams} g^FS
^FO30,190^BY2^BCN,60,Y,N,N^FD{batch}^FS
^XZ
"""


class Pack:
    def __init__(self, row, today):
        self.strain = row["strain"].strip().lower()
        self.grams = int(row["grams"])
        self.count = int(row["count"])
        self.room = row["room"].strip()
        self.today = today

    @property
    def batch(self):
        return f"{self.today:%y%j}-{self.room.upper()[:3]}-{self.strain[:3].upper()}"

    def render(self):
        best = self.today + dt.timedelta(days=SHELF_LIFE.get(self.strain, 5))
        return ZPL.format(name=self.strain.replace("_", " ").title(), packed=self.today,
                          best=best, batch=self.batch, grams=self.grams)


def generate(pack_sheet: Path):
    LABEL_DIR.mkdir(exist_ok=True)
    today = dt.date.today()
    written = 0
    with pack_sheet.open(newline="") as fh:
        for row in csv.DictReader(fh):
            pack = Pack(row, today)
            out = LABEL_DIR / f"{pack.batch}.zpl"
            out.write_text(pack.render() * pack.count)
            written += 1
    LOG.info("wrote %d label files to %s", written, LABEL_DIR)


def serve():
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=str(LABEL_DIR))
    with socketserver.ThreadingTCPServer(SHARE, handler) as httpd:
        LOG.info("sharing %s on %s:%d", LABEL_DIR, *SHARE)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pack_sheet", type=Path, nargs="?", help="CSV strain,grams,count,room")
    ap.add_argument("--no-share", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.pack_sheet:
        generate(args.pack_sheet)
    if not args.no_share:
        serve()


if __name__ == "__main__":
    main()
