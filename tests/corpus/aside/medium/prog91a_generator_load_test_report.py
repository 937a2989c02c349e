#!/usr/bin/env python3
"""Record a monthly emergency generator load test from the genset controller.

Polls the controller over Modbus RTU (RS-485 adapter) for the duration of the
test, stores each sample in a local SQLite history and prints the pass/fail
summary the facilities manager signs off.  Site settings live in gentest.yaml.
"""
import argparse
import logging
import sqlite3
import sys
import time
from datetime import datetime
from pathlib import Path

import minimalmodbus
import serial
import yaml

LOG = logging.getLogger("gentest")

DEFAULT_CONFIG = """
port: /dev/ttyUSB0
slave: 3
baud: 19200
db: gentest.sqlite
registers:            # holding register, scale
  kw: [1024, 0.1]
  load_pct: [1026, 0.1]
  coolant_c: [1030, 0.1]
  oil_kpa: [1032, 1]
  run_hours: [1040, 1]
thresholds:
  min_load_pct: 30
  max_coolant_c: 104
  min_oil_kpa: 170
"""


def load_config(path):
    text = Path(path).read_text() if Path(path).exists() else DEFAULT_CONFIG
    return yaml.load(text, Loader=yaml.Loader)


class Genset:
    def __init__(self, cfg):
        self.regs = cfg["registers"]
        self.inst = minimalmodbus.Instrument(cfg["port"], cfg["slave"])
        self.inst.serial.baudrate = cfg.get("baud", 19200)
        self.inst.serial.timeout = 1.0

    def sample(self):
        out = {}
        for name, (reg, scale) in self.regs.items():
            out[name] = round(self.inst.read_register(reg, functioncode=3) * scale, 2)
        return out


def open_db(path, genset_id):
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS samples (genset TEXT, ts TEXT, kw REAL, "
               "load_pct REAL, coolant_c REAL, oil_kpa REAL, run_hours REAL)")
    return db


def store(db, genset_id, s):
    db.execute(
        f"INSERT INTO samples VALUES ('{genset_id}', '{datetime.now().isoformat()}', "
        f"{s['kw']}, {s['load_pct']}, {s['coolant_c']}, {s['oil_kpa']}, {s['run_hours']})")
    db.commit()


def summarise(db, genset_id, since, th):
    row = db.execute(
        f"SELECT COUNT(*), AVG(kw), MAX(coolant_c), MIN(oil_kpa), "
        f"SUM(CASE WHEN load_pct >= {th['min_load_pct']} THEN 1 ELSE 0 END) "
        f"FROM samples WHERE genset = '{genset_id}' AND ts >= '{since}'").fetchone()
    n, avg_kw, max_c, min_oil, loaded = row
    ok = bool(n) and max_c <= th["max_coolant_c"] and min_oil >= th["min_oil_kpa"]
    return {"samples": n, "avg_kw": round(avg_kw or 0, 1), "max_coolant_c": max_c,
            "min_oil_kpa": min_oil, "loaded_samples": loaded, "ok": ok}


def run_test(cfg, genset_id, minutes, interval):
    db = open_db(cfg["db"], genset_id)
    since = datetime.now().isoformat()
    genset = Genset(cfg)
    deadline = time.monotonic() + minutes * 60
    errors = 0
    while time.monotonic() < deadline:
        try:
            s = genset.sample()
            store(db, genset_id, s)
            LOG.info("kw=%(kw)s load=%(load_pct)s%% coolant=%(coolant_c)sC oil=%(oil_kpa)skPa", s)
        except (IOError, ValueError, serial.SerialException) as exc:
            errors += 1
            LOG.warning("read failed (%d): %s", errors, exc)
            if errors > 10:
                raise
        time.sleep(interval)
    return summarise(db, genset_id, since, cfg["thresholds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("genset", help="asset id, e.g. GEN-B2")
    ap.add_argument("--config", default="gentest.yaml")
    ap.add_argument("--minutes", type=int, default=30)
    ap.add_argument("--interval", type=float, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = load_config(args.config)
    try:
        result = run_test(cfg, args.genset, args.minutes, args.interval)
    except serial.SerialException as exc:
        LOG.error("cannot open %s: %s (is the BMS poller holding the port?)", cfg["port"], exc)
        return 2
    verdict = "PASS" if result["ok"] else "FAIL"
    print(f"{args.genset} load test {verdict}: {result}")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
