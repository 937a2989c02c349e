#!/usr/bin/env python3
"""Print flip labels for coin holders and stamp stock cards.

Takes lots from a CSV (sku, title, grade, price) and prints 2.25" x 0.75"
labels on the Zebra desktop printer at the counter.  Each batch is written
as a .zpl file under ./labels (kept as a record of what was printed) and
handed to the CUPS raw queue.
"""
import argparse
import csv
import logging
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("labels")


@dataclass
class Label:
    sku: str
    title: str
    grade: str
    price: str

    def zpl(self, dpi=203):
        title = self.title.replace("^", "").replace("~", "")[:38]
        return (
            "^XA^CI28^PW457^LL152\n"
            f"^FO12,10^A0N,26,26^FD{title}^FS\n"
            f"^FO12,44^A0N,22,22^FDGrade: {self.grade or 'raw'}^FS\n"
            f"^FO12,74^A0N,30,30^FD{self.price}^FS\n"
            f"^FO300,40^BY1^BCN,60,N,N^FD{self.sku}^FS\n"
            "^XZ\n"
        )


def read_labels(path, copies=1):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            price = row.get("price", "").strip()
            if price and not price.startswith("£"):
                price = f"£{price}"
            label = Label(row["sku"].strip(), row.get("title", ""), row.get("grade", ""), price)
            for _ in range(copies):
                yield label


class SpoolPrinter:
    def __init__(self, queue, spool_dir="labels"):
        self.queue = queue
        self.spool_dir = Path(spool_dir)
        self.spool_dir.mkdir(exist_ok=True)

    def _spool_file(self, payload):
        name = time.strftime("batch_%Y%m%d_%H%M%S") + f"_{time.monotonic_ns() % 10000:04d}.zpl"
        path = self.spool_dir / name
        path.write_text(payload, encoding="utf-8")
        return path

    def send(self, payload, retries=3):
        path = self._spool_file(payload)
        cmd = ["lp", "-d", self.queue, "-o", "raw", "-t", path.stem, str(path)]
        for attempt in range(1, retries + 1):
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode == 0:
                LOG.debug("lp: %s", proc.stdout.strip())
                return path
            LOG.warning("lp failed (%s), attempt %d", proc.stderr.strip(), attempt)
            time.sleep(1.5 * attempt)
        raise RuntimeError(f"queue {self.queue} rejected {path.name}")


def main():
    ap = argparse.ArgumentParser(description="Print holder and stock card labels")
    ap.add_argument("csv", help="CSV with sku,title,grade,price")
    ap.add_argument("--queue", default="zebra_counter")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--batch", type=int, default=20, help="labels per job")
    ap.add_argument("--preview", action="store_true", help="print ZPL to stdout instead")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    labels = list(read_labels(args.csv, args.copies))
    if not labels:
        LOG.error("no labels in %s", args.csv)
        return 1
    if args.preview:
        sys.stdout.write("".join(lbl.zpl() for lbl in labels))
        return 0

    printer = SpoolPrinter(args.queue)
    try:
        for start in range(0, len(labels), args.batch):
            chunk = labels[start:start + args.batch]
            path = printer.send("".join(lbl.zpl() for lbl in chunk))
            LOG.info("sent labels %d-%d (%s)", start + 1, start + len(chunk), path.name)
    except (OSError, RuntimeError) as exc:
        LOG.error("printing stopped: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
