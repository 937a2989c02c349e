#!/usr/bin/env python3
"""A/B test reporter.

Takes an export of experiment exposures (CSV with user_id, variant, converted,
revenue) and produces a Markdown summary per variant: sample size, conversion
rate with a Wilson interval, lift against control and a two-proportion z-test.

    python ab_test_report.py exports/checkout_cta.csv --control A -o report.md
"""
import argparse
import csv
import logging
import math
import statistics
import sys
from collections import defaultdict
from datetime import datetime, timezone

log = logging.getLogger("abreport")


class VariantStats:
    def __init__(self, name):
        self.name = name
        self.users = set()
        self.conversions = 0
        self.revenue = []

    def add(self, row):
        if row["user_id"] in self.users:
            return
        self.users.add(row["user_id"])
        if row.get("converted", "0").strip() in ("1", "true", "True"):
            self.conversions += 1
            try:
                self.revenue.append(float(row.get("revenue") or 0))
            except ValueError:
                pass

    @property
    def n(self):
        return len(self.users)

    @property
    def rate(self):
        return self.conversions / self.n if self.n else 0.0

    def wilson(self, z=1.96):
        if not self.n:
            return 0.0, 0.0
        p, n = self.rate, self.n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        return max(0.0, centre - half), min(1.0, centre + half)


def z_test(a, b):
    if not a.n or not b.n:
        return float("nan"), float("nan")
    pooled = (a.conversions + b.conversions) / (a.n + b.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    if se == 0:
        return 0.0, 1.0
    z = (b.rate - a.rate) / se
    p = math.erfc(abs(z) / math.sqrt(2))
    return z, p


def load(path):
    variants = defaultdict(lambda: None)
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = {"user_id", "variant", "converted"} - set(reader.fieldnames or [])
        if missing:
            raise SystemExit(f"export is missing columns: {', '.join(sorted(missing))}")
        for row in reader:
            name = row["variant"].strip()
            if variants[name] is None:
                variants[name] = VariantStats(name)
            variants[name].add(row)
    return dict(variants)


def render(title, variants, control, alpha):
    base = variants[control]
    lines = [f"# {title}", "",
             f"_Generated {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, alpha = {alpha}_", "",
             "| Variant | Users | Conv. | Rate | 95% CI | Lift | z | p | AOV |",
             "|---|---:|---:|---:|---|---:|---:|---:|---:|"]
    for name in sorted(variants):
        v = variants[name]
        lo, hi = v.wilson()
        aov = statistics.mean(v.revenue) if v.revenue else 0.0
        if name == control:
            lift = zs = ps = "-"
        else:
            z, p = z_test(base, v)
            lift = f"{(v.rate / base.rate - 1) * 100:+.1f}%" if base.rate else "n/a"
            zs, ps = f"{z:.2f}", f"{p:.4f}" + (" *" if p < alpha else "")
        lines.append(f"| {name} | {v.n} | {v.conversions} | {v.rate:.2%} | "
                     f"{lo:.2%}-{hi:.2%} | {lift} | {zs} | {ps} | {aov:.2f} |")
    lines += ["", "`*` marks results significant at the chosen alpha."]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="summarise an A/B test export")
    ap.add_argument("export")
    ap.add_argument("--control", default="A")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--title", default="Experiment report")
    ap.add_argument("-o", "--output", default="ab_report.md")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    variants = load(args.export)
    if args.control not in variants:
        log.error("control variant %r not in export (have %s)", args.control, ", ".join(variants))
        return 2
    report = render(args.title, variants, args.control, args.alpha)
    with open(args.output, "w", encoding="utf-8") as fh:
        fh.write(report)
    log.info("wrote %s (%d variants)", args.output, len(variants))
    return 0


if __name__ == "__main__":
    sys.exit(main())
