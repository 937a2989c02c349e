#!/usr/bin/env python3
"""Summarise decoder CV dumps for the club's loco maintenance log.

The programming-track laptop exports each loco's CVs as cvdump_<loco>.csv
(columns: cv,value).  This reads every dump in the current folder, decodes
the useful ones (address, manufacturer, acceleration, speed table, consist)
and writes cv_report.md for the maintenance binder.

Manufacturer IDs (CV8) are resolved against the NMRA list, fetched once and
kept in .cache/nmra_manufacturers.json.
"""
import argparse
import csv
import json
import logging
import sys
from pathlib import Path

import requests

log = logging.getLogger("cv-report")

NMRA_LIST_URL = "https://raw.githubusercontent.com/dcc-tools-example/nmra-ids/main/manufacturers.json"
CACHE = Path(".cache/nmra_manufacturers.json")
FALLBACK = {"11": "NCE", "97": "Doehler & Haass", "129": "Digitrax", "141": "Train Control Systems",
            "145": "ZIMO", "151": "ESU", "153": "TAMS", "161": "Hornby (ESU-based)", "0": "unknown"}


def manufacturers(refresh=False):
    if CACHE.exists() and not refresh:
        return json.loads(CACHE.read_text())
    try:
        resp = requests.get(NMRA_LIST_URL, timeout=10)
        resp.raise_for_status()
        table = {str(k): v for k, v in resp.json().items()}
    except (requests.RequestException, ValueError) as exc:
        log.warning("could not fetch NMRA list (%s), using built-in table", exc)
        return FALLBACK
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_text(json.dumps(table, indent=1))
    return table


def read_dump(path):
    cvs = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                cvs[int(row["cv"])] = int(row["value"])
            except (KeyError, ValueError):
                continue
    return cvs


def decode(cvs, makers):
    cv29 = cvs.get(29, 6)
    long_addr = bool(cv29 & 0x20)
    if long_addr and 17 in cvs and 18 in cvs:
        address = ((cvs[17] - 192) << 8) + cvs[18]
    else:
        address = cvs.get(1, 3)
    return {
        "address": f"{address} ({'long' if long_addr else 'short'})",
        "maker": makers.get(str(cvs.get(8, 0)), f"id {cvs.get(8)}"),
        "version": cvs.get(7, "?"),
        "direction": "reversed" if cv29 & 0x01 else "normal",
        "speed_steps": 28 if cv29 & 0x02 else 14,
        "analog": "enabled" if cv29 & 0x04 else "disabled",
        "speed_table": "user (CV67-94)" if cv29 & 0x10 else "3-step (CV2/5/6)",
        "accel_decel": f"{cvs.get(3, 0)} / {cvs.get(4, 0)}",
        "consist": cvs.get(19, 0) & 0x7F or "-",
    }


def render(rows):
    out = ["# Decoder CV report", "",
           "| Loco | Address | Decoder | Ver | Dir | Steps | Analog | Speed table | Acc/Dec | Consist |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for loco, d in rows:
        out.append(f"| {loco} | {d['address']} | {d['maker']} | {d['version']} | {d['direction']} | "
                   f"{d['speed_steps']} | {d['analog']} | {d['speed_table']} | {d['accel_decel']} | "
                   f"{d['consist']} |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Build cv_report.md from cvdump_*.csv files")
    ap.add_argument("--dir", type=Path, default=Path("."))
    ap.add_argument("--refresh", action="store_true", help="re-download the NMRA manufacturer list")
    ap.add_argument("-o", "--output", default="cv_report.md")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dumps = sorted(args.dir.glob("cvdump_*.csv"))
    if not dumps:
        log.error("no cvdump_*.csv files in %s", args.dir)
        return 1
    makers = manufacturers(args.refresh)
    rows = []
    for path in dumps:
        cvs = read_dump(path)
        if not cvs:
            log.warning("%s is empty", path.name)
            continue
        rows.append((path.stem.removeprefix("cvdump_"), decode(cvs, makers)))
    Path(args.output).write_text(render(rows))
    log.info("wrote %s with %d locos", args.output, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
