#!/usr/bin/env python3
"""Load the branch price tables and publish them to the machine controllers.

Price tables are kept in YAML by head office; parsed tables are cached so
the controllers can be refreshed quickly during the day.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("price-loader")

CACHE_PATH = Path("/tmp/sudsco_price_cache.pkl")
DEFAULT_TABLE = Path(os.environ.get("PRICE_TABLE", "prices.yaml"))


class PriceTable:
    def __init__(self, branch, currency, machines):
        self.branch = branch
        self.currency = currency
        self.machines = machines

    def price_for(self, machine_id, programme):
        machine = self.machines.get(machine_id, {})
        return machine.get("programmes", {}).get(programme)

    def summary(self):
        lines = [f"{self.branch} ({self.currency})"]
        for machine_id, spec in sorted(self.machines.items()):
            progs = ", ".join(
                f"{name}={pence / 100:.2f}"
                for name, pence in sorted(spec.get("programmes", {}).items())
            )
            lines.append(f"  {machine_id}: {progs}")
        return "\n".join(lines)


def file_digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_cache(digest):
    if not CACHE_PATH.exists():
        return None
    with CACHE_PATH.open("rb") as fh:
        cached = pickle.load(fh)
    if cached.get("digest") != digest:
        return None
    return cached["tables"]


def save_cache(digest, tables):
    with CACHE_PATH.open("wb") as fh:
        pickle.dump({"digest": digest, "tables": tables}, fh)


def parse_tables(path):
    with path.open() as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    tables = {}
    for branch, spec in (doc or {}).get("branches", {}).items():
        tables[branch] = PriceTable(
            branch=branch,
            currency=spec.get("currency", "GBP"),
            machines=spec.get("machines", {}),
        )
    return tables


def load_tables(path, use_cache=True):
    digest = file_digest(path)
    if use_cache:
        tables = load_cache(digest)
        if tables is not None:
            LOG.info("using cached price tables")
            return tables
    tables = parse_tables(path)
    save_cache(digest, tables)
    return tables


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", type=Path, default=DEFAULT_TABLE)
    parser.add_argument("--branch")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.table.exists():
        LOG.error("price table %s not found", args.table)
        return 1

    tables = load_tables(args.table, use_cache=not args.no_cache)
    selected = [tables[args.branch]] if args.branch else tables.values()
    for table in selected:
        print(table.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
