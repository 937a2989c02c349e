#!/usr/bin/env python3
"""Work out crew pay for a shed from the run tally sheet.

Input is the tally CSV (shearer, run, sheep, class) the board boss fills in.
Shearers are paid per head by sheep class; rouseabouts and the presser are
paid by the day. Output is a pay summary in the working directory.
"""
import argparse
import csv
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

log = logging.getLogger("pay")

RATES_PER_100 = {"ewes": Decimal("364.80"), "wethers": Decimal("364.80"),
                 "lambs": Decimal("311.50"), "rams": Decimal("729.60")}
DAY_RATES = {"rouseabout": Decimal("292.10"), "presser": Decimal("318.40")}


@dataclass
class Slip:
    name: str
    role: str
    heads: dict = field(default_factory=lambda: defaultdict(int))
    days: int = 0

    def gross(self):
        if self.role == "shearer":
            total = sum(RATES_PER_100[c] * n / 100 for c, n in self.heads.items())
        else:
            total = DAY_RATES[self.role] * self.days
        return Decimal(total).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def read_tally(path):
    slips = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name, role = row["name"].strip(), row.get("role", "shearer").strip()
            slip = slips.setdefault(name, Slip(name, role))
            if role == "shearer":
                cls = row["class"].strip().lower()
                if cls not in RATES_PER_100:
                    log.warning("unknown class %r for %s", cls, name)
                    continue
                slip.heads[cls] += int(row["sheep"])
            else:
                slip.days += int(row.get("days", 1))
    return slips


def as_text(slips):
    lines = [f"{'Name':<18}{'Role':<12}{'Tally':>7}{'Gross':>12}"]
    for s in sorted(slips.values(), key=lambda s: (s.role, s.name)):
        tally = sum(s.heads.values()) if s.role == "shearer" else f"{s.days}d"
        lines.append(f"{s.name:<18}{s.role:<12}{tally!s:>7}{s.gross():>12}")
    lines.append(f"{'Total':<37}{sum(s.gross() for s in slips.values()):>12}")
    return "\n".join(lines) + "\n"


def as_json(slips):
    data = [{"name": s.name, "role": s.role, "heads": dict(s.heads),
             "days": s.days, "gross": str(s.gross())} for s in slips.values()]
    return json.dumps(data, indent=2) + "\n"


WRITERS = {"txt": as_text, "json": as_json}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tally_csv")
    ap.add_argument("--format", choices=sorted(WRITERS), default="txt")
    ap.add_argument("--out", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        slips = read_tally(args.tally_csv)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read tally: %s", exc)
        return 1
    text = WRITERS[args.format](slips)
    out = args.out or f"pay_summary.{args.format}"
    with open(out, "w") as fh:
        fh.write(text)
    os.chmod(out, 0o600)
    log.info("wrote %s for %d crew", out, len(slips))
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
