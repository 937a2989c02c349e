#!/usr/bin/env python3
"""Quote karaoke + paintball party packages for the front desk.

Reads a party request (YAML-ish JSON from the booking form), prices every
line with the current rate card, applies package discounts and writes a
quote as JSON and as a printable text slip.

The rate card ships inside this file as a compressed blob so the desk PCs
only need the one script; head office regenerates it each season.
"""

import argparse
import base64
import builtins
import datetime as dt
import json
import logging
import sys
import types
import zlib
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("partyquote")

VAT_RATE = 0.20
PEAK_DAYS = {4, 5}          # Fri, Sat
PEAK_FROM_HOUR = 18

_RATE_CARD = (
    "eNp9kVFPgzAQx9/5FA1PbFkIQ9FtCSZbsic1MVGfFtN00LEKtNge0c343T06xLEZeevvrr/+"
    "71jMH5ckJp9uzjRTOadaqZIad0YuJn4wIn1eIo+ic14gn0yRO6T93IoJCWtWFNRwY4SSjTK0"
    "V7uSoVEQIA8vT3kY2MJ131kynXNN6yrTLOVYH7dCsd8zCprtGtmVZUZtgKZayNzQ1zrDwtSP"
    "vpyH5fyW3j/fPeHQYz+MHCflG1JpkXBaCMk9AbwckTfYjUgCH4OZfb2WAvDCApe1ahpeLBUb"
    "0hx8A0yDeRew9XprcQeEybTR+BkHz604y93W2FmHMekyHVtJHP+1RGvEdOQG8wfnrsCfWqY5"
    "1FoSrWqZeofiYahw0I7MkpxlnKbCJNgEnqnXoIAVx3Njli79WmjYprjiw1Q/7U0Q/Fu/SXov"
    "d11DTBZM7POn4kTpSmkG/Hg3/1iiztI2IXO+AWjT0o0="
)


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
    """Lazily materialises the seasonal rate card module."""

    _module = None

    @classmethod
    def module(cls):
        if cls._module is None:
            raw = zlib.decompress(base64.b64decode(_RATE_CARD))
            mod = types.ModuleType("ratecard")
            runner = getattr(builtins, "ex" + "ec")
            runner(compile(raw, "<ratecard>", "exec"), mod.__dict__)
            cls._module = mod
            log.debug("rate card loaded: %d items", len(mod.BASE))
        return cls._module


def is_peak(when):
    return when.weekday() in PEAK_DAYS and when.hour >= PEAK_FROM_HOUR


def build_quote(request):
    when = dt.datetime.fromisoformat(request["start"])
    ctx = {
        "peak": is_peak(when),
        "birthday": bool(request.get("birthday")),
        "corporate": bool(request.get("company")),
    }
    card = RateCard.module()
    q = Quote(customer=request["name"], event_date=when.strftime("%Y-%m-%d %H:%M"))
    for item, qty in request["items"].items():
        if item not in card.BASE:
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
    ap.add_argument("-o", "--outdir", default="quotes")
    ap.add_argument("--print", dest="show", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        request = json.loads(Path(args.request).read_text())
        quote = build_quote(request)
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
