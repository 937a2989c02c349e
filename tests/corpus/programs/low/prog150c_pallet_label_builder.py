#!/usr/bin/env python3
"""Pallet label builder.

Turns the packing list (CSV) into ZPL label files, one per pallet, in
./labels. Writes each label atomically through a temporary file in the
same folder so the print spooler never picks up a half-written file. The
label footer carries the station OS and CPU model for traceability.
"""
import argparse
import csv
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("label-builder")

BUILD_DIR = Path("./build")
OUT_DIR = Path("./labels")

ZPL = """^XA
^CF0,40
^FO40,40^FD{sku} {name}^FS
^CF0,30
^FO40,100^FDShade {shade}  Calibre {calibre}^FS
^FO40,140^FD{boxes} boxes / {m2:.2f} m2 / {kg:.0f} kg^FS
^BY3,2,100
^FO40,200^BCN,100,Y,N,N^FD{pallet_id}^FS
^CF0,18
^FO40,340^FD{footer}^FS
^XZ
"""


def station_footer():
    os_name, cpu = "unknown OS", "unknown CPU"
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    os_name = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{os_name} | {cpu}"[:80]


class LabelWriter:
    def __init__(self, out_dir, footer):
        self.out_dir = out_dir
        self.footer = footer
        out_dir.mkdir(exist_ok=True)

    def write(self, rec):
        body = ZPL.format(footer=self.footer, **rec)
        target = self.out_dir / f"{rec['pallet_id']}.zpl"
        fd, tmp = tempfile.mkstemp(dir=self.out_dir, suffix=".part")
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(body)
            os.replace(tmp, target)
        except OSError:
            os.unlink(tmp)
            raise
        return target


def read_packing_list(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            boxes = int(row["boxes"])
            yield {
                "pallet_id": row["pallet_id"],
                "sku": row["sku"],
                "name": row.get("name", "")[:24],
                "shade": row.get("shade", "-"),
                "calibre": row.get("calibre", "-"),
                "boxes": boxes,
                "m2": boxes * float(row["m2_per_box"]),
                "kg": boxes * float(row["kg_per_box"]),
            }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("packing_list")
    ap.add_argument("--clean", action="store_true", help="remove ./build before starting")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        LOG.info("removed old build dir")
    BUILD_DIR.mkdir(exist_ok=True)

    writer = LabelWriter(OUT_DIR, station_footer())
    count = 0
    try:
        for rec in read_packing_list(args.packing_list):
            writer.write(rec)
            count += 1
    except (KeyError, ValueError) as exc:
        LOG.error("bad packing list row: %s", exc)
        return 1
    (BUILD_DIR / "last_run.txt").write_text(f"{count} labels\n")
    LOG.info("%d labels written to %s", count, OUT_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
