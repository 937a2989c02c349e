#!/usr/bin/env python3
"""Quote karaoke + paintball party packages for the front desk.

Reads a party request (JSON from the booking form), prices every line with
the current rate card, applies package discounts and writes a quote as JSON
and as a printable text slip.

The rate card is a plain JSON file that head office sends each season; the
built-in defaults below are used when it is missing.
"""

import argparse
import datetime as dt
import json
import logging
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("partyquote")

VAT_RATE = 0.20
PEAK_DAYS = {4, 5}          # Fri, Sat
PEAK_FROM_HOUR = 18

DEFAULT_RATE_CARD = {
    "base": {"karaoke_room_s": 38.0, "karaoke_room_m": 55.0, "karaoke_room_l": 89.0,
             "paintball_session": 32.0, "paintballs_500": 24.0, "paintballs_2000": 79.0,
             "marker_upgrade": 12.0, "pizza_tray": 26.0, "soft_drinks_jug": 9.5},
    "peak_multiplier": 1.25,
    "group_session_min": 10,
    "group_session_factor": 0.9,
    "birthday_min_spend": 200,
    "birthday_rate": 0.08,
    "corporate_rate": 0.05,
}


@dataclass
class Quote:
    customer: str
    event_date: str
    lines: list = field(default_factory=list)
    subtotal: float = 0.0
    discount: float = 0.0
    vat: float = 0.0
    total: float = 0.0


class RateCard:
    """Seasonal rate card loaded from JSON."""

    def __init__(self, data):
        self.base = data["base"]
        self.d = data

    @classmethod
    def load(cls, path):
        p = Path(path)
        if p.exists():
            log.debug("rate card from %s", p)
            merged = {**DEFAULT_RATE_CARD, **json.loads(p.read_text())}
            return cls(merged)
        log.warning("no rate card at %s, using built-in defaults", p)
        return cls(DEFAULT_RATE_CARD)

    def price_line(self, item, qty, ctx):
        unit = self.base[item]
        if item.startswith("karaoke_room") and ctx.get("peak"):
            unit *= self.d["peak_multiplier"]
        if item == "paintball_session" and qty >= self.d["group_session_min"]:
            unit *= self.d["group_session_factor"]
        return round(unit * qty, 2)

    def package_discount(self, subtotal, ctx):
        if ctx.get("birthday") and subtotal >= self.d["birthday_min_spend"]:
            return round(subtotal * self.d["birthday_rate"], 2)
        if ctx.get("corporate"):
            return round(subtotal * self.d["corporate_rate"], 2)
        return 0.0


def is_peak(when):
    return when.weekday() in PEAK_DAYS and when.hour >= PEAK_FROM_HOUR


def build_quote(request, card):
    when = dt.datetime.fromisoformat(request["start"])
    ctx = {
        "peak": is_peak(when),
        "birthday": bool(request.get("birthday")),
        "corporate": bool(request.get("company")),
    }
    q = Quote(customer=request["name"], event_date=when.strftime("%Y-%m-%d %H:%M"))
    for item, qty in request["items"].items():
        if item not in card.base:
            raise KeyError(f"unknown item on request: {item}")
        amount = card.price_line(item, int(qty), ctx)
        q.lines.append({"item": item, "qty": int(qty), "amount": amount})
        q.subtotal += amount
    q.subtotal = round(q.subtotal, 2)
    q.discount = card.package_discount(q.subtotal, ctx)
    net = q.subtotal - q.discount
    q.vat = round(net * VAT_RATE, 2)
    q.total = round(net + q.vat, 2)
    return q


def render_slip(q):
    out = [f"PARTY QUOTE - {q.customer}", f"Event: {q.event_date}", "-" * 38]
    for ln in q.lines:
        out.append(f"{ln['item']:<22}{ln['qty']:>4}  {ln['amount']:>9.2f}")
    out += [
        "-" * 38,
        f"{'Subtotal':<28}{q.subtotal:>9.2f}",
        f"{'Package discount':<28}{-q.discount:>9.2f}",
        f"{'VAT':<28}{q.vat:>9.2f}",
        f"{'TOTAL':<28}{q.total:>9.2f}",
    ]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Quote a party package")
    ap.add_argument("request", help="party request JSON from the booking form")
    ap.add_argument("-r", "--rate-card", default="ratecard.json")
    ap.add_argument("-o", "--outdir", default="quotes")
    ap.add_argument("--print", dest="show", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        card = RateCard.load(args.rate_card)
        request = json.loads(Path(args.request).read_text())
        quote = build_quote(request, card)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot quote %s: %s", args.request, exc)
        return 1

    outdir = Path(args.outdir)
    outdir.mkdir(exist_ok=True)
    stem = Path(args.request).stem
    (outdir / f"{stem}.json").write_text(json.dumps(asdict(quote), indent=2))
    slip = render_slip(quote)
    (outdir / f"{stem}.txt").write_text(slip)
    if args.show:
        sys.stdout.write(slip)
    log.info("quote for %s: %.2f", quote.customer, quote.total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
