#!/usr/bin/env python3
"""Capital-gains report for crypto trades using FIFO lot matching.

Reads exchange trade exports (CSV) from a folder, matches each sale against
the oldest open lots, splits short/long term at 365 days and writes a
Form-8949-style CSV plus a plain-text summary for the accountant.

    tax_lot_report.py exports/ --year 2024 --out report_2024
"""
import argparse
import csv
import hashlib
import json
import logging
from collections import defaultdict, deque
from dataclasses import dataclass, asdict
from datetime import datetime, timedelta
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path
from typing import Dict, Iterator, List

log = logging.getLogger("tax-lots")
CACHE_DIR = Path(".cache/trades")
CENT = Decimal("0.01")
COLUMN_ALIASES = {
    "time": ("timestamp", "date", "time", "Date(UTC)"),
    "side": ("side", "type", "Type"),
    "asset": ("asset", "base", "Coin", "symbol"),
    "qty": ("amount", "qty", "quantity", "Amount"),
    "price": ("price", "Price", "rate"),
    "fee": ("fee", "Fee", "fee_usd"),
}


@dataclass
class Trade:
    time: str
    side: str
    asset: str
    qty: str
    price: str
    fee: str = "0"


@dataclass
class Lot:
    acquired: datetime
    qty: Decimal
    unit_cost: Decimal


def pick(row: dict, key: str) -> str:
    for alias in COLUMN_ALIASES[key]:
        if alias in row and row[alias] != "":
            return row[alias]
    return "0" if key == "fee" else ""


def cache_key(path: Path) -> str:
    h = hashlib.md5()
    h.update(path.name.encode())
    h.update(path.read_bytes())
    return h.hexdigest()


def read_trades(path: Path) -> List[Trade]:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if cached.exists():
        return [Trade(**t) for t in json.loads(cached.read_text())]
    with path.open(newline="", encoding="utf-8-sig") as fh:
        trades = [Trade(pick(r, "time"), pick(r, "side").lower(), pick(r, "asset").upper(),
                        pick(r, "qty"), pick(r, "price"), pick(r, "fee")) for r in csv.DictReader(fh)]
    cached.write_text(json.dumps([asdict(t) for t in trades]))
    return trades


def all_trades(folder: Path) -> Iterator[Trade]:
    trades = []
    for f in sorted(folder.glob("*.csv")):
        trades.extend(read_trades(f))
        log.info("loaded %s", f.name)
    yield from sorted(trades, key=lambda t: t.time)


def match_lots(trades: Iterator[Trade], year: int) -> List[dict]:
    books: Dict[str, deque] = defaultdict(deque)
    rows = []
    for t in trades:
        when = datetime.fromisoformat(t.time.replace("Z", "+00:00")).replace(tzinfo=None)
        qty, price, fee = Decimal(t.qty), Decimal(t.price), Decimal(t.fee or "0")
        if t.side in ("buy", "receive"):
            books[t.asset].append(Lot(when, qty, (qty * price + fee) / qty))
            continue
        remaining, proceeds_per = qty, (qty * price - fee) / qty
        while remaining > 0:
            if not books[t.asset]:
                log.warning("%s: sold %s more %s than held; treating basis as 0", t.time, remaining, t.asset)
                books[t.asset].append(Lot(when, remaining, Decimal(0)))
            lot = books[t.asset][0]
            used = min(lot.qty, remaining)
            if when.year == year:
                rows.append({
                    "asset": t.asset, "qty": used, "acquired": lot.acquired.date().isoformat(),
                    "sold": when.date().isoformat(),
                    "proceeds": (used * proceeds_per).quantize(CENT, ROUND_HALF_UP),
                    "basis": (used * lot.unit_cost).quantize(CENT, ROUND_HALF_UP),
                    "term": "long" if when - lot.acquired > timedelta(days=365) else "short",
                })
            lot.qty -= used
            remaining -= used
            if lot.qty == 0:
                books[t.asset].popleft()
    return rows


def write_outputs(rows: List[dict], out: Path, year: int) -> None:
    out.mkdir(exist_ok=True)
    with (out / f"form8949_{year}.csv").open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["asset", "qty", "acquired", "sold", "proceeds", "basis", "gain", "term"])
        w.writeheader()
        for r in rows:
            w.writerow({**r, "gain": r["proceeds"] - r["basis"]})
    totals = defaultdict(Decimal)
    for r in rows:
        totals[r["term"]] += r["proceeds"] - r["basis"]
    summary = [f"Tax year {year}: {len(rows)} dispositions",
               f"  short-term gain: {totals['short']:>14,.2f}",
               f"  long-term gain:  {totals['long']:>14,.2f}",
               f"  total:           {sum(totals.values()):>14,.2f}"]
    (out / f"summary_{year}.txt").write_text("\n".join(summary) + "\n")
    print("\n".join(summary))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exports", type=Path)
    ap.add_argument("--year", type=int, default=datetime.now().year - 1)
    ap.add_argument("--out", type=Path, default=Path("tax_report"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    write_outputs(match_lots(all_trades(args.exports), args.year), args.out, args.year)


if __name__ == "__main__":
    main()
