#!/usr/bin/env python3
"""Work out parent sheets, waste and weight for a finishing job.

Given the finished (trimmed) size, bleed/gripper allowances and the stock
list in stock.toml, this finds the best way to cut the job out of each
parent sheet the warehouse holds, respecting grain direction for folded
work, and reports sheets to pull, overs for make-ready, and the pallet
weight for the courier.

    paper_stock_calculator.py --trim 148x210 --qty 2500 --pages 4 --fold
"""

import argparse
import csv
import logging
import math
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("stockcalc")

DEFAULT_STOCK = {
    "sheet": [
        {"name": "SRA2 LG 170gsm silk", "w": 450, "h": 640, "gsm": 170, "grain": "long", "on_hand": 4000},
        {"name": "SRA1 LG 170gsm silk", "w": 640, "h": 900, "gsm": 170, "grain": "long", "on_hand": 1500},
        {"name": "B2 SG 130gsm gloss", "w": 520, "h": 720, "gsm": 130, "grain": "short", "on_hand": 6000},
    ]
}


@dataclass
class Sheet:
    name: str
    w: float
    h: float
    gsm: int
    grain: str
    on_hand: int

    @property
    def grain_parallel_to_h(self):
        # long grain runs along the long edge
        long_edge_is_h = self.h >= self.w
        return (self.grain == "long") == long_edge_is_h


@dataclass
class Layout:
    sheet: Sheet
    across: int
    down: int
    rotated: bool

    @property
    def ups(self):
        return self.across * self.down


def parse_size(text):
    try:
        w, h = (float(x) for x in text.lower().replace("mm", "").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 148x210, got {text!r}")
    return w, h


def load_stock(path):
    if path and Path(path).is_file():
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        LOG.info("stock list from %s", path)
    else:
        data = DEFAULT_STOCK
        LOG.info("using built-in stock list")
    return [Sheet(**s) for s in data.get("sheet", [])]


def layouts(sheet, piece_w, piece_h, gutter, gripper, need_grain_along_h):
    usable_w = sheet.w - 2 * 5
    usable_h = sheet.h - gripper - 5
    for rotated in (False, True):
        pw, ph = (piece_h, piece_w) if rotated else (piece_w, piece_h)
        if need_grain_along_h is not None:
            piece_grain_along_h = need_grain_along_h != rotated
            if piece_grain_along_h != sheet.grain_parallel_to_h:
                continue
        across = int((usable_w + gutter) // (pw + gutter))
        down = int((usable_h + gutter) // (ph + gutter))
        if across and down:
            yield Layout(sheet, across, down, rotated)


def plan(stock, trim, bleed, gutter, gripper, qty, pages, fold, overs_pct):
    tw, th = trim
    piece_w = tw * (2 if fold and pages >= 4 else 1) + 2 * bleed
    piece_h = th + 2 * bleed
    grain_along_h = True if fold else None  # fold along spine => grain parallel to spine
    pieces_needed = qty * max(1, pages // 4 if fold else pages // 2 or 1)
    results = []
    for sheet in stock:
        for lay in layouts(sheet, piece_w, piece_h, gutter, gripper, grain_along_h):
            sheets = math.ceil(pieces_needed / lay.ups)
            sheets_with_overs = math.ceil(sheets * (1 + overs_pct / 100.0))
            used_area = lay.ups * piece_w * piece_h
            waste = 1 - used_area / (sheet.w * sheet.h)
            kg = sheets_with_overs * sheet.w * sheet.h / 1e6 * sheet.gsm / 1000
            results.append({
                "stock": sheet.name,
                "layout": f"{lay.across}x{lay.down}{' rot' if lay.rotated else ''}",
                "ups": lay.ups,
                "sheets": sheets,
                "with_overs": sheets_with_overs,
                "waste_pct": round(waste * 100, 1),
                "kg": round(kg, 1),
                "in_stock": sheets_with_overs <= sheet.on_hand,
            })
    results.sort(key=lambda r: (not r["in_stock"], r["waste_pct"], r["with_overs"]))
    return results


def write_report(rows, path):
    if not rows:
        return
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trim", type=parse_size, required=True, help="finished size WxH mm")
    ap.add_argument("--qty", type=int, required=True)
    ap.add_argument("--pages", type=int, default=2)
    ap.add_argument("--fold", action="store_true", help="work is folded along the spine")
    ap.add_argument("--bleed", type=float, default=3.0)
    ap.add_argument("--gutter", type=float, default=6.0)
    ap.add_argument("--gripper", type=float, default=12.0)
    ap.add_argument("--overs", type=float, default=4.0, help="make-ready overs, percent")
    ap.add_argument("--stock", default="stock.toml")
    ap.add_argument("--csv", help="write all options to this CSV")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    stock = load_stock(args.stock)
    rows = plan(stock, args.trim, args.bleed, args.gutter, args.gripper,
                args.qty, args.pages, args.fold, args.overs)
    if not rows:
        LOG.error("nothing in stock fits %sx%s with the grain the right way", *args.trim)
        return 1
    for r in rows[:5]:
        flag = "" if r["in_stock"] else "  (short!)"
        print(f"{r['stock']:<24} {r['layout']:<9} {r['ups']:>3} up  "
              f"{r['with_overs']:>6} sheets  {r['waste_pct']:>5}% waste  {r['kg']:>7} kg{flag}")
    if args.csv:
        write_report(rows, args.csv)
        LOG.info("options written to %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
