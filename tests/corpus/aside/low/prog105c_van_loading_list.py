#!/usr/bin/env python3
"""Van loading list generator for hire jobs.

Takes a hire order (CSV from the hire desk: item,qty,case_kg,case_l,fragile)
and the kit catalogue (catalogue.json: case dimensions and stacking rules),
and produces a printable loading list: heavy, non-fragile flight cases go in
first against the bulkhead, fragile and last-off items at the tail. Results
are cached per order so reprinting on the day is instant.

    van_loading_list.py orders/2024-0412-millbrook.csv --van luton --html
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("loadlist")
CACHE = Path(".loadlist_cache")
VANS = {
    "luton": {"payload_kg": 1050, "volume_l": 19000},
    "lwb": {"payload_kg": 1250, "volume_l": 13000},
    "swb": {"payload_kg": 800, "volume_l": 6000},
}


@dataclass
class Case:
    item: str
    qty: int
    kg: float
    litres: float
    fragile: bool
    stackable: bool = True

    @property
    def total_kg(self):
        return self.qty * self.kg


@dataclass
class Plan:
    van: str
    zones: dict = field(default_factory=lambda: {"bulkhead": [], "middle": [], "tail": []})
    kg: float = 0.0
    litres: float = 0.0


def read_order(path, catalogue):
    cases = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name = row["item"].strip()
            info = catalogue.get(name, {})
            cases.append(Case(
                item=name,
                qty=int(row.get("qty") or 1),
                kg=float(row.get("case_kg") or info.get("kg", 10)),
                litres=float(row.get("case_l") or info.get("litres", 60)),
                fragile=(row.get("fragile", "").strip().lower() in ("y", "yes", "1")) or info.get("fragile", False),
                stackable=info.get("stackable", True),
            ))
    return cases


def plan_load(cases, van):
    plan = Plan(van=van)
    for case in sorted(cases, key=lambda c: (c.fragile, not c.stackable, -c.kg)):
        if case.fragile:
            zone = "tail"
        elif case.kg >= 25 and case.stackable:
            zone = "bulkhead"
        else:
            zone = "middle"
        plan.zones[zone].append(case)
        plan.kg += case.total_kg
        plan.litres += case.qty * case.litres
    return plan


def order_key(order_path, van, catalogue_path):
    digest = hashlib.md5()
    for p in (order_path, catalogue_path):
        digest.update(Path(p).read_bytes())
    digest.update(van.encode())
    return digest.hexdigest()


def as_text(plan, title):
    limits = VANS[plan.van]
    out = [f"LOADING LIST - {title} - {plan.van.upper()}", "=" * 60]
    for zone, cases in plan.zones.items():
        if not cases:
            continue
        out.append(f"\n{zone.upper()}")
        out += [f"  [ ] {c.item:<36} x{c.qty:<3} {c.total_kg:7.1f} kg" + ("  FRAGILE" if c.fragile else "")
                for c in cases]
    out.append("\n" + "=" * 60)
    out.append(f"weight {plan.kg:.0f}/{limits['payload_kg']} kg   volume {plan.litres:.0f}/{limits['volume_l']} l")
    if plan.kg > limits["payload_kg"] or plan.litres > limits["volume_l"]:
        out.append("!! OVER CAPACITY - split across two vans")
    return "\n".join(out) + "\n"


def as_html(plan, title):
    rows = []
    for zone, cases in plan.zones.items():
        for c in cases:
            rows.append(f"<tr><td>{zone}</td><td>{html.escape(c.item)}</td><td>{c.qty}</td>"
                        f"<td>{c.total_kg:.1f}</td><td>{'yes' if c.fragile else ''}</td><td>&#9744;</td></tr>")
    return (f"<html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head><body>"
            f"<h1>{html.escape(title)} ({plan.van})</h1><table border=1>"
            "<tr><th>zone</th><th>item</th><th>qty</th><th>kg</th><th>fragile</th><th>loaded</th></tr>"
            + "".join(rows) + f"</table><p>Total {plan.kg:.0f} kg</p></body></html>\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="van loading list")
    ap.add_argument("order")
    ap.add_argument("--van", choices=sorted(VANS), default="luton")
    ap.add_argument("--catalogue", default="catalogue.json")
    ap.add_argument("--html", action="store_true")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    try:
        catalogue = json.loads(Path(args.catalogue).read_text()) if Path(args.catalogue).exists() else {}
        key = order_key(args.order, args.van, args.catalogue) if catalogue else None
    except (OSError, ValueError) as exc:
        log.error("catalogue: %s", exc)
        return 2

    suffix = ".html" if args.html else ".txt"
    cached = CACHE / f"{key}{suffix}" if key else None
    if cached and cached.exists() and not args.refresh:
        log.debug("using cached %s", cached)
        sys.stdout.write(cached.read_text())
        return 0

    try:
        cases = read_order(args.order, catalogue)
    except (OSError, KeyError, ValueError) as exc:
        log.error("order %s: %s", args.order, exc)
        return 2
    plan = plan_load(cases, args.van)
    title = Path(args.order).stem
    rendered = as_html(plan, title) if args.html else as_text(plan, title)
    if cached:
        CACHE.mkdir(exist_ok=True)
        cached.write_text(rendered)
    out = Path(f"{title}_loading{suffix}")
    out.write_text(rendered)
    log.info("wrote %s", out)
    if not args.html:
        sys.stdout.write(rendered)
    return 0


if __name__ == "__main__":
    sys.exit(main())
