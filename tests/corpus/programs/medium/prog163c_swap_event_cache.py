#!/usr/bin/env python3
"""Plan table allocations for the spring seed swap.

Reads the event config (YAML) and the registrations export, assigns
tables to growers by category and caches the computed plan so the
volunteers' tablets can reload it quickly.
"""
import argparse
import csv
import logging
import pickle
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("swap-plan")

CACHE_FILE = Path("cache/swap_plan.pkl")


@dataclass
class Table:
    number: int
    category: str
    capacity: int
    growers: list = field(default_factory=list)

    @property
    def free(self):
        return self.capacity - len(self.growers)


@dataclass
class Plan:
    event: str
    tables: list
    waiting: list


def load_config(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=yaml.Loader)


def load_registrations(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return [row for row in csv.DictReader(handle) if row.get("status") != "cancelled"]


def make_tables(config):
    tables = []
    number = 1
    for category, spec in config.get("categories", {}).items():
        for _ in range(spec.get("tables", 1)):
            tables.append(Table(number, category, spec.get("per_table", 4)))
            number += 1
    return tables


def allocate(tables, registrations):
    by_category = defaultdict(list)
    for table in tables:
        by_category[table.category].append(table)
    waiting = []
    for reg in sorted(registrations, key=lambda r: r.get("registered_at", "")):
        options = [t for t in by_category.get(reg.get("category", ""), []) if t.free > 0]
        if not options:
            waiting.append(reg["name"])
            continue
        min(options, key=lambda t: len(t.growers)).growers.append(reg["name"])
    return waiting


def save_cache(plan, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        pickle.dump(plan, handle)


def load_cache(path):
    with open(path, "rb") as handle:
        return pickle.load(handle)


def show(plan):
    print(f"== {plan.event} ==")
    for table in plan.tables:
        names = ", ".join(table.growers) or "(empty)"
        print(f"table {table.number:>2} [{table.category}] {names}")
    if plan.waiting:
        print(f"waiting list: {', '.join(plan.waiting)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", type=Path, default=Path("swap_event.yaml"))
    parser.add_argument("--registrations", type=Path, default=Path("exports/registrations.csv"))
    parser.add_argument("--cached", action="store_true", help="show the cached plan only")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.cached and CACHE_FILE.exists():
        show(load_cache(CACHE_FILE))
        return

    config = load_config(args.config)
    tables = make_tables(config)
    waiting = allocate(tables, load_registrations(args.registrations))
    plan = Plan(config.get("name", "Seed swap"), tables, waiting)
    save_cache(plan, CACHE_FILE)
    log.info("plan cached in %s", CACHE_FILE)
    show(plan)


if __name__ == "__main__":
    main()
