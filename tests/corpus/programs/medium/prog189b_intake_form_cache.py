#!/usr/bin/env python3
"""Intake form helper for the front desk tablet.

Loads the intake form layout (fields, required flags, price list) from a
YAML file maintained by the office manager, and keeps partly filled forms
in a local cache so a form survives the tablet going to sleep.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

import yaml

LOG = logging.getLogger("intake-forms")

LAYOUT_FILE = Path(os.environ.get("INTAKE_LAYOUT", "./intake_layout.yaml"))
CACHE_DIR = Path(os.environ.get("INTAKE_CACHE", "./.intake_cache"))


@dataclass
class IntakeForm:
    case_id: str
    owner: str = ""
    pet_name: str = ""
    species: str = ""
    weight_kg: float = 0.0
    service: str = "individual"
    extras: list = field(default_factory=list)
    updated: str = ""

    def missing(self, layout):
        required = [f["name"] for f in layout.get("fields", []) if f.get("required")]
        return [name for name in required if not getattr(self, name, None)]

    def quote(self, layout):
        prices = layout.get("prices", {})
        base = prices.get(self.service, 0)
        for band in layout.get("weight_bands", []):
            if self.weight_kg <= band["max_kg"]:
                base += band["surcharge"]
                break
        return base + sum(prices.get(x, 0) for x in self.extras)


class FormCache:
    def __init__(self, directory):
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)

    def _path(self, case_id):
        return self.directory / f"{case_id}.form"

    def load(self, case_id):
        path = self._path(case_id)
        if not path.exists():
            return IntakeForm(case_id=case_id)
        with path.open("rb") as fh:
            return pickle.load(fh)

    def save(self, form):
        form.updated = dt.datetime.now().isoformat(timespec="seconds")
        with self._path(form.case_id).open("wb") as fh:
            pickle.dump(form, fh)

    def pending(self):
        return sorted(p.stem for p in self.directory.glob("*.form"))


def load_layout(path):
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def main():
    parser = argparse.ArgumentParser(description="Front desk intake forms")
    parser.add_argument("case_id", nargs="?")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = FormCache(CACHE_DIR)
    if args.list or not args.case_id:
        for case in cache.pending():
            print(case)
        return 0

    layout = load_layout(LAYOUT_FILE)
    form = cache.load(args.case_id)
    for item in args.set:
        key, _, value = item.partition("=")
        if key == "weight_kg":
            value = float(value)
        elif key == "extras":
            value = [v for v in value.split(",") if v]
        setattr(form, key, value)
    cache.save(form)

    missing = form.missing(layout)
    print(f"{form.case_id}: {form.pet_name or '?'} ({form.species or '?'}) quote {form.quote(layout):.2f}")
    if missing:
        print("still needed:", ", ".join(missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
