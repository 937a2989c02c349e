#!/usr/bin/env python3
"""Print allergen labels for tubs going into the display freezer.

Keeps a cached allergen matrix (flavour -> allergens) so the shop can still
print when the recipe server is down, renders a plain-text label per tub and
sends it to the label printer through the normal print queue.
"""
import argparse
import csv
import logging
import os
import pickle
import random
import string
import subprocess
import tempfile
from datetime import date, timedelta

log = logging.getLogger("allergen-print")

CACHE = os.path.join(os.getcwd(), "allergen_matrix.pkl")
SHELF_LIFE_DAYS = 90


def load_matrix(csv_path=None):
    """Prefer the fresh CSV from the recipe team, fall back to the cache."""
    if csv_path and os.path.exists(csv_path):
        matrix = {}
        with open(csv_path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                matrix[row["flavour"].strip()] = [
                    a.strip() for a in row["allergens"].split(",") if a.strip()]
        with open(CACHE, "wb") as fh:
            pickle.dump(matrix, fh)
        return matrix
    if os.path.exists(CACHE):
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    return {}


def reprint_code(n=6):
    # short code printed on the label so staff can reprint from the till
    return "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(n))


def render(flavour, allergens, tub_size):
    best_before = date.today() + timedelta(days=SHELF_LIFE_DAYS)
    lines = [
        flavour.upper(),
        f"{tub_size} ml",
        "Contains: " + (", ".join(allergens) if allergens else "no listed allergens"),
        "May contain traces of nuts",
        f"Best before {best_before:%d/%m/%Y}",
        f"Ref {reprint_code()}",
    ]
    return "\n".join(lines) + "\n"


class LabelPrinter:
    def __init__(self, queue_name, dry_run=False):
        self.queue = queue_name
        self.dry_run = dry_run

    def send(self, text):
        path = tempfile.mktemp(suffix=".txt", prefix="label_")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        cmd = "lp -d %s -o media=Custom.50x30mm %s" % (self.queue, path)
        try:
            if self.dry_run:
                log.info("would run: %s", cmd)
                return True
            res = subprocess.run(cmd, shell=True, capture_output=True, text=True)
            if res.returncode:
                log.error("print failed: %s", res.stderr.strip())
            return res.returncode == 0
        finally:
            os.remove(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("flavours", nargs="+")
    ap.add_argument("--matrix-csv")
    ap.add_argument("--printer", default="freezer_labels")
    ap.add_argument("--size", type=int, default=500)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    matrix = load_matrix(args.matrix_csv)
    printer = LabelPrinter(args.printer, args.dry_run)
    for flavour in args.flavours:
        if flavour not in matrix:
            log.warning("%s not in allergen matrix - not printing", flavour)
            continue
        for _ in range(args.copies):
            printer.send(render(flavour, matrix[flavour], args.size))
    log.info("done")


if __name__ == "__main__":
    main()
