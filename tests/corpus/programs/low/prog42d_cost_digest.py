#!/usr/bin/env python3
"""Summarise AWS Cost and Usage Report CSV exports sitting in ./exports.

Produces a per-account / per-service digest as Markdown. Parsed exports are
cached under ./.cache keyed by the MD5 of the file contents so re-runs on a
month of exports are quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("cost_digest")

CACHE_DIR = Path(".cache") / "cur"
COST_COLUMNS = ("lineItem/UnblendedCost", "line_item_unblended_cost", "UnblendedCost")
ACCOUNT_COLUMNS = ("lineItem/UsageAccountId", "line_item_usage_account_id")
SERVICE_COLUMNS = ("product/ProductName", "product_product_name")


def first_present(row, names, default=""):
    for name in names:
        if name in row and row[name] != "":
            return row[name]
    return default


def content_key(path: Path) -> str:
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def parse_export(path: Path) -> dict:
    key = content_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        log.debug("cache hit for %s", path.name)
        return json.loads(cached.read_text())

    totals = defaultdict(lambda: defaultdict(Decimal))
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            raw = first_present(row, COST_COLUMNS, "0")
            try:
                cost = Decimal(raw)
            except InvalidOperation:
                log.warning("skipping unparsable cost %r in %s", raw, path.name)
                continue
            account = first_present(row, ACCOUNT_COLUMNS, "unknown")
            service = first_present(row, SERVICE_COLUMNS, "Other")
            totals[account][service] += cost

    result = {acct: {svc: str(v) for svc, v in svcs.items()} for acct, svcs in totals.items()}
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(result))
    return result


def merge(into: dict, part: dict) -> None:
    for account, services in part.items():
        for service, value in services.items():
            into[account][service] += Decimal(value)


def render(totals: dict, top: int) -> str:
    lines = ["# Cloud cost digest", ""]
    for account in sorted(totals):
        services = totals[account]
        account_total = sum(services.values(), Decimal(0))
        lines.append(f"## Account {account} — ${account_total:,.2f}")
        ranked = sorted(services.items(), key=lambda kv: kv[1], reverse=True)[:top]
        lines.append("| Service | Cost |")
        lines.append("|---|---:|")
        for service, cost in ranked:
            lines.append(f"| {service} | ${cost:,.2f} |")
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--exports", default="exports", help="directory of CUR CSV files")
    parser.add_argument("--out", default="cost-digest.md")
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    exports = sorted(Path(args.exports).glob("*.csv"))
    if not exports:
        log.error("no CSV exports found in %s", args.exports)
        return 1

    totals = defaultdict(lambda: defaultdict(Decimal))
    for export in exports:
        log.info("reading %s", export.name)
        merge(totals, parse_export(export))

    out = Path(args.out)
    out.write_text(render(totals, args.top))
    os.chmod(out, 0o600)
    log.info("wrote %s (%d accounts)", out, len(totals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
