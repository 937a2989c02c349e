#!/usr/bin/env python3
"""Reduce Leica GSI-8/GSI-16 observation files to coordinates.

Reads the raw polar observations downloaded from a TS/TPS total station,
applies the station setup (from the GSI header blocks or --station), and
writes id,E,N,RL,code CSV for import into 12d/Civil3D.

Parsed observation sets are cached in .cache/gsi/ keyed by the file's
content hash, so re-running after editing codes only redoes the reduction.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import sys
from pathlib import Path

log = logging.getLogger("gsi")
CACHE_DIR = Path(".cache/gsi")

# GSI word index -> field name (subset we use)
WORDS = {"11": "pt", "21": "hz", "22": "v", "31": "sd", "71": "code",
         "84": "stn_e", "85": "stn_n", "86": "stn_h", "87": "tgt_h", "88": "inst_h"}


def parse_word(word):
    """'21.324+12345678' -> ('hz', decoded value)."""
    wi = word[:2]
    name = WORDS.get(wi)
    if name is None:
        return None, None
    unit = word[5] if len(word) > 6 else "."
    data = word[7:] if word[6] in "+-" else word[6:]
    sign = -1 if word[6] == "-" else 1
    if name in ("pt", "code"):
        return name, data.lstrip("0") or "0"
    raw = int(data)
    if name in ("hz", "v"):
        # unit 2 = 400 gon, 3 = 360 deg decimal, 4 = DMS; scale 1e-5
        val = raw / 1e5
        if unit == "2":
            val = val * 0.9
        return name, sign * val
    return name, sign * raw / (1000.0 if unit in ("0", "1") else 10000.0)


def parse_gsi(path):
    obs, setup = [], {}
    for ln, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        line = line.strip().lstrip("*")
        if not line:
            continue
        rec = {}
        for word in line.split():
            try:
                k, v = parse_word(word)
            except (ValueError, IndexError):
                log.debug("line %d: bad word %r", ln, word)
                continue
            if k:
                rec[k] = v
        if "stn_e" in rec:
            setup.update(rec)
        elif "sd" in rec and "hz" in rec:
            obs.append(rec)
    return setup, obs


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_cached(path):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if cached.exists():
        log.debug("cache hit %s", cached.name)
        d = json.loads(cached.read_text())
        return d["setup"], d["obs"]
    setup, obs = parse_gsi(path)
    cached.write_text(json.dumps({"setup": setup, "obs": obs}))
    return setup, obs


def reduce(setup, obs):
    e0, n0 = setup.get("stn_e", 0.0), setup.get("stn_n", 0.0)
    h0, ih = setup.get("stn_h", 0.0), setup.get("inst_h", 0.0)
    for o in obs:
        hz = math.radians(o["hz"])
        z = math.radians(o.get("v", 90.0))
        hd = o["sd"] * math.sin(z)
        dh = o["sd"] * math.cos(z)
        yield (o.get("pt", "?"),
               round(e0 + hd * math.sin(hz), 4),
               round(n0 + hd * math.cos(hz), 4),
               round(h0 + ih + dh - o.get("tgt_h", 0.0), 4),
               o.get("code", ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description="GSI observation reduction")
    ap.add_argument("gsi", nargs="+", type=Path)
    ap.add_argument("-o", "--output", default="coords.csv")
    ap.add_argument("--station", help="override setup as E,N,RL,IH")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    out_rows = []
    for path in args.gsi:
        if not path.is_file():
            log.error("missing %s", path)
            return 1
        setup, obs = parse_gsi(path) if args.no_cache else load_cached(path)
        if args.station:
            e, n, rl, ih = (float(x) for x in args.station.split(","))
            setup = {"stn_e": e, "stn_n": n, "stn_h": rl, "inst_h": ih}
        if not setup:
            log.warning("%s: no station setup block, coordinates are local", path.name)
        rows = list(reduce(setup, obs))
        log.info("%s: %d points", path.name, len(rows))
        out_rows.extend(rows)
    with open(args.output, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(("id", "E", "N", "RL", "code"))
        w.writerows(out_rows)
    log.info("wrote %d points to %s", len(out_rows), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
