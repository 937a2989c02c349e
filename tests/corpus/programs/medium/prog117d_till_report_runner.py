#!/usr/bin/env python3
"""End-of-day cafe till report with pluggable sections.

Reads the till's Z-read CSV export (one line per sale) and builds a plain text
report for the cafe manager. Extra sections (waste log, kids' meal deal
uptake, loyalty stamps) live as small section modules in ./report_sections
and are listed in till_report.toml, so a site can add a section by dropping
a file next to the script.
"""
import argparse
import csv
import logging
import sys
import tomllib
import types
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("till_report")


class SectionSource:
    """Reads section module text from the local sections folder."""

    def __init__(self, folder):
        self.folder = Path(folder)

    def text(self, name):
        path = self.folder / f"{name}.py"
        if not path.is_file():
            raise LookupError(f"section {name}: {path} missing")
        return path.read_text(encoding="utf-8")


def build_section(name, source_text):
    module = types.ModuleType(f"till_section_{name}")
    code = compile(source_text, f"<section {name}>", "exec")
    exec(code, module.__dict__)
    if not callable(getattr(module, "render", None)):
        raise AttributeError(f"section {name} has no render()")
    return module


def load_sales(path):
    sales = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            sales.append({
                "time": row["Time"],
                "item": row["Item"].strip(),
                "category": row.get("Category", "Other").strip() or "Other",
                "qty": int(row["Qty"]),
                "net": Decimal(row["Net"]),
                "vat": Decimal(row["VAT"]),
                "tender": row.get("Tender", "card").lower(),
            })
    return sales


def core_summary(sales):
    by_cat = defaultdict(Decimal)
    tenders = Counter()
    items = Counter()
    for s in sales:
        by_cat[s["category"]] += s["net"]
        tenders[s["tender"]] += 1
        items[s["item"]] += s["qty"]
    lines = ["CAFE TILL SUMMARY", "=" * 40]
    total_net = sum(by_cat.values(), Decimal("0"))
    total_vat = sum((s["vat"] for s in sales), Decimal("0"))
    for cat, net in sorted(by_cat.items(), key=lambda kv: -kv[1]):
        lines.append(f"{cat:<28}{net:>10.2f}")
    lines += ["-" * 40, f"{'Net':<28}{total_net:>10.2f}",
              f"{'VAT':<28}{total_vat:>10.2f}", ""]
    lines.append("Tenders: " + ", ".join(f"{k} {v}" for k, v in tenders.most_common()))
    lines.append("Top sellers: " + ", ".join(f"{k} x{v}" for k, v in items.most_common(5)))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="Cafe end-of-day report")
    ap.add_argument("zread", type=Path, help="till Z-read CSV export")
    ap.add_argument("--config", type=Path, default=Path("till_report.toml"))
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = {}
    if args.config.exists():
        cfg = tomllib.loads(args.config.read_text())
    sections_cfg = cfg.get("sections", {})
    source = SectionSource(sections_cfg.get("folder", "report_sections"))

    sales = load_sales(args.zread)
    parts = [core_summary(sales)]

    for name in sections_cfg.get("enabled", ["waste_log", "meal_deals"]):
        try:
            section = build_section(name, source.text(name))
            parts.append(section.render(sales))
        except Exception as exc:  # one bad section must not lose the Z-read
            log.warning("section %s skipped: %s", name, exc)

    report = "\n\n".join(parts)
    if args.out:
        args.out.write_text(report, encoding="utf-8")
        log.info("report written to %s", args.out)
    else:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
