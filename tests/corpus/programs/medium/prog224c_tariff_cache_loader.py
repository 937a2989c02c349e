#!/usr/bin/env python3
"""Load the depot tariff tables for the billing run, using a local cache.

The tariff exports are CSV files per site. Converting them is slow on the
billing box, so the parsed tables are cached as a pickle next to the exports
and reused while the exports have not changed. The CSV normalisation is done
by a small awk pipeline run through bash.
"""
import argparse
import hashlib
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, field

LOG = logging.getLogger("tariff-cache")

NORMALISE = r"""
set -euo pipefail
for f in "$TARIFF_DIR"/*.csv; do
    site="$(basename "$f" .csv)"
    tail -n +2 "$f" | tr -d '\r' | awk -F',' -v site="$site" \
        'NF>=4 { gsub(/ /, "", $1); printf "%s\t%s\t%s\t%s\t%s\n", site, $1, $2, $3, $4 }'
done
"""


@dataclass
class TariffTable:
    site: str
    bands: list = field(default_factory=list)

    def price_for(self, hour, connector_type):
        for start, end, ctype, price in self.bands:
            if start <= hour < end and ctype in (connector_type, "*"):
                return price
        return None


def exports_fingerprint(tariff_dir):
    h = hashlib.md5()
    for name in sorted(os.listdir(tariff_dir)):
        if name.endswith(".csv"):
            st = os.stat(os.path.join(tariff_dir, name))
            h.update(f"{name}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def build_tables(tariff_dir):
    proc = subprocess.run(["bash", "-c", NORMALISE], env=dict(os.environ, TARIFF_DIR=tariff_dir),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "normalise failed")
    tables = {}
    for line in proc.stdout.splitlines():
        site, start, end, ctype, price = line.split("\t")
        try:
            band = (int(start), int(end), ctype, float(price))
        except ValueError:
            LOG.warning("skipping malformed band in %s: %s", site, line)
            continue
        tables.setdefault(site, TariffTable(site)).bands.append(band)
    return tables


def load(tariff_dir, cache_path, rebuild):
    fp = exports_fingerprint(tariff_dir)
    if not rebuild and os.path.exists(cache_path):
        try:
            with open(cache_path, "rb") as fh:
                cached = pickle.load(fh)
            if cached.get("fingerprint") == fp:
                LOG.info("using cached tariffs from %s", cache_path)
                return cached["tables"]
            LOG.info("exports changed, rebuilding cache")
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError) as exc:
            LOG.warning("cache unreadable (%s), rebuilding", exc)
    tables = build_tables(tariff_dir)
    with open(cache_path, "wb") as fh:
        pickle.dump({"fingerprint": fp, "tables": tables}, fh)
    LOG.info("cached %d tariff tables", len(tables))
    return tables


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tariff-dir", default="tariffs")
    p.add_argument("--cache", default="tariffs/.tariff_cache.pkl")
    p.add_argument("--rebuild", action="store_true")
    p.add_argument("--quote", nargs=3, metavar=("SITE", "HOUR", "CONNECTOR"))
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        tables = load(args.tariff_dir, args.cache, args.rebuild)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot load tariffs: %s", exc)
        return 1
    if args.quote:
        site, hour, conn = args.quote
        table = tables.get(site)
        price = table.price_for(int(hour), conn) if table else None
        print(f"{site} {hour}:00 {conn}: {price if price is not None else 'no tariff'}")
    else:
        for site, table in sorted(tables.items()):
            print(f"{site}: {len(table.bands)} bands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
