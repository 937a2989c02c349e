#!/usr/bin/env python3
"""Render plant hire contracts from a booking JSON.

Standard CPA hire conditions are assembled from clause modules kept in the
depot's ./clause_plugins folder (synced from the legal share by the office
manager); each module exposes ``render(booking) -> str``.
"""
import argparse
import json
import logging
import sys
import types
from datetime import date, datetime
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("contracts")

CLAUSE_DIR = Path("clause_plugins")
DEFAULT_CLAUSES = ["cpa_hire_conditions", "damage_waiver", "off_hire_notice"]


class ClauseRegistry:
    """Loads and caches clause modules by name."""

    def __init__(self, clause_dir):
        self.clause_dir = Path(clause_dir)
        self._modules = {}

    def _source(self, name):
        path = self.clause_dir / f"{name}.py"
        return path.read_text(encoding="utf-8"), str(path)

    def get(self, name):
        if name in self._modules:
            return self._modules[name]
        source, origin = self._source(name)
        module = types.ModuleType(f"clause_{name}")
        module.__file__ = origin
        code = compile(source, origin, "exec")
        exec(code, module.__dict__)
        if not callable(getattr(module, "render", None)):
            raise ValueError(f"clause {name} has no render()")
        self._modules[name] = module
        return module


def money(value):
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def price_booking(booking):
    start = date.fromisoformat(booking["on_hire"])
    end = date.fromisoformat(booking["off_hire"])
    days = max((end - start).days, 1)
    weeks, rem = divmod(days, 7)
    lines = []
    for item in booking["items"]:
        weekly = money(item["weekly_rate"])
        daily = money(item.get("daily_rate", weekly / 3))
        cost = min(weekly * weeks + daily * rem, weekly * (weeks + 1))
        lines.append({**item, "days": days, "cost": money(cost)})
    subtotal = sum((l["cost"] for l in lines), Decimal("0"))
    waiver = money(subtotal * Decimal(str(booking.get("waiver_pct", 0.08))))
    vat = money((subtotal + waiver) * Decimal("0.20"))
    return lines, {"subtotal": subtotal, "waiver": waiver, "vat": vat,
                   "total": subtotal + waiver + vat}


def render_contract(booking, registry, clauses):
    lines, totals = price_booking(booking)
    out = [f"HIRE CONTRACT {booking['contract_no']}",
           f"Customer: {booking['customer']}   Site: {booking['site']}",
           f"On hire {booking['on_hire']}  Off hire {booking['off_hire']}", ""]
    for l in lines:
        out.append(f"  {l['fleet_no']:<8} {l['description']:<32} "
                   f"{l['days']:>3} d  {l['cost']:>10}")
    out.append("")
    for k in ("subtotal", "waiver", "vat", "total"):
        out.append(f"  {k.upper():<44} {totals[k]:>10}")
    out.append("")
    for name in clauses:
        try:
            out.append(registry.get(name).render(booking).strip())
        except Exception as exc:  # clause failures must not stop the desk
            log.error("clause %s failed: %s", name, exc)
            out.append(f"[clause {name} unavailable]")
        out.append("")
    out.append(f"Generated {datetime.now():%d/%m/%Y %H:%M}")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("booking", type=Path)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("contracts"))
    ap.add_argument("--clause", action="append", dest="clauses")
    ap.add_argument("--clause-dir", type=Path, default=CLAUSE_DIR)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        booking = json.loads(args.booking.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read booking: %s", exc)
        return 2

    registry = ClauseRegistry(args.clause_dir)
    text = render_contract(booking, registry, args.clauses or DEFAULT_CLAUSES)
    args.out_dir.mkdir(exist_ok=True)
    dest = args.out_dir / f"{booking['contract_no']}.txt"
    dest.write_text(text)
    log.info("contract written to %s", dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
