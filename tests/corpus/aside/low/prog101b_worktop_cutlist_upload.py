#!/usr/bin/env python3
"""Turn a kitchen's worktop schedule into a cut list and send it to the
stone/laminate fabricator's order API.

Reads worktops.csv (run, length_mm, depth_mm, edge, cutouts), groups pieces
onto stock lengths with first-fit-decreasing, writes cutlist_<job>.json and,
unless --no-send, posts it to the fabricator with FABRICATOR_API_KEY.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("cutlist")

API_URL = os.environ.get("FABRICATOR_API_URL",
                         "https://orders.northstone-fabrication.example/v1/cutlists")
STOCK_LENGTHS = (3000, 3600, 4100)
KERF_MM = 5


def read_pieces(path):
    pieces = []
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                pieces.append({
                    "run": row["run"].strip(),
                    "length": int(row["length_mm"]),
                    "depth": int(row.get("depth_mm") or 600),
                    "edge": row.get("edge", "square").strip() or "square",
                    "cutouts": [c for c in (row.get("cutouts") or "").split(";") if c],
                })
            except (KeyError, ValueError) as exc:
                raise ValueError(f"line {n}: {exc}") from exc
    return pieces


def pack(pieces):
    """First-fit-decreasing onto the shortest stock length that fits."""
    boards = []
    for piece in sorted(pieces, key=lambda p: p["length"], reverse=True):
        need = piece["length"] + KERF_MM
        for board in boards:
            if board["depth"] == piece["depth"] and board["free"] >= need:
                board["pieces"].append(piece)
                board["free"] -= need
                break
        else:
            stock = next((s for s in STOCK_LENGTHS if s >= need), None)
            if stock is None:
                raise ValueError(f"{piece['run']} ({piece['length']}mm) longer than any stock length")
            boards.append({"stock": stock, "depth": piece["depth"],
                           "free": stock - need, "pieces": [piece]})
    return boards


def summarise(boards):
    used = sum(b["stock"] - b["free"] for b in boards)
    total = sum(b["stock"] for b in boards)
    return {"boards": len(boards), "yield_pct": round(100 * used / total, 1) if total else 0}


def send(cutlist, api_key, timeout=20):
    body = json.dumps(cutlist).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_file", nargs="?", default="worktops.csv")
    ap.add_argument("--job", required=True, help="job reference, e.g. HK-2291")
    ap.add_argument("--material", default="laminate-38mm")
    ap.add_argument("--no-send", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        boards = pack(read_pieces(args.csv_file))
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    cutlist = {"job": args.job, "material": args.material, "kerf_mm": KERF_MM,
               "boards": [{k: v for k, v in b.items() if k != "free"} for b in boards],
               "summary": summarise(boards)}
    out = Path(f"cutlist_{args.job}.json")
    out.write_text(json.dumps(cutlist, indent=2))
    log.info("wrote %s: %s", out, cutlist["summary"])

    if args.no_send:
        return 0
    api_key = os.environ.get("FABRICATOR_API_KEY")
    if not api_key:
        log.error("FABRICATOR_API_KEY not set (use --no-send to skip upload)")
        return 1
    try:
        reply = send(cutlist, api_key)
    except urllib.error.HTTPError as exc:
        log.error("fabricator rejected cut list: %s %s", exc.code, exc.read()[:200])
        return 1
    except urllib.error.URLError as exc:
        log.error("could not reach fabricator: %s", exc.reason)
        return 1
    log.info("order %s accepted, template visit %s",
             reply.get("order_id"), reply.get("template_date", "TBC"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
