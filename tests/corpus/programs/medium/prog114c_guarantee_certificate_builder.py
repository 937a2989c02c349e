#!/usr/bin/env python3
"""Produce workmanship guarantee certificates for completed roofing jobs.

Reads completed jobs from a CSV export of the job book, renders one
certificate per job from an HTML template and, when WeasyPrint is installed,
converts each to PDF for emailing to the customer.
"""

import argparse
import csv
import json
import logging
import sys
from datetime import date, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

LOG = logging.getLogger("guarantee-certs")

GUARANTEE_YEARS = {
    "slate": 15, "plain tile": 10, "concrete tile": 10,
    "long straw thatch": 10, "water reed thatch": 10,
    "ridge only": 5, "flat epdm": 20, "lead work": 10,
}

DEFAULTS = {
    "template_dir": "templates",
    "template": "certificate.html",
    "company": "Hallett Roofing & Thatching Ltd",
    "escape_html": False,
    "out_dir": "certificates",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path and path.exists():
        settings.update(json.loads(path.read_text()))
    return settings


class CertificateBuilder:
    def __init__(self, settings):
        self.settings = settings
        self.env = Environment(
            loader=FileSystemLoader(settings["template_dir"]),
            autoescape=settings.get("escape_html", False),
            trim_blocks=True, lstrip_blocks=True,
        )
        self.env.filters["ukdate"] = lambda d: d.strftime("%d %B %Y")
        self.template = self.env.get_template(settings["template"])
        self.out_dir = Path(settings["out_dir"])
        self.out_dir.mkdir(exist_ok=True)

    @staticmethod
    def expiry(completed, years):
        try:
            return completed.replace(year=completed.year + years)
        except ValueError:  # 29 Feb
            return completed.replace(year=completed.year + years, day=28)

    def context_for(self, row):
        completed = datetime.strptime(row["completed"], "%Y-%m-%d").date()
        work = row["work_type"].strip().lower()
        years = GUARANTEE_YEARS.get(work, 5)
        return {
            "company": self.settings["company"],
            "cert_no": f"GC-{row['job_ref']}",
            "customer": row["customer"],
            "address": row["address"],
            "work_type": row["work_type"],
            "notes": row.get("notes", ""),
            "completed": completed,
            "expires": self.expiry(completed, years),
            "years": years,
            "issued": date.today(),
        }

    def build(self, row):
        ctx = self.context_for(row)
        html = self.template.render(**ctx)
        target = self.out_dir / f"{ctx['cert_no']}.html"
        target.write_text(html, encoding="utf-8")
        try:
            from weasyprint import HTML
        except ImportError:
            return target
        pdf = target.with_suffix(".pdf")
        HTML(string=html, base_url=str(Path(self.settings["template_dir"]).resolve())).write_pdf(pdf)
        return pdf


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs", type=Path, help="CSV export of completed jobs")
    ap.add_argument("--settings", type=Path, default=Path("certs.json"))
    ap.add_argument("--only", help="build just this job reference")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        builder = CertificateBuilder(load_settings(args.settings))
    except Exception as exc:  # template errors, bad json
        LOG.error("cannot set up templates: %s", exc)
        return 2

    built = 0
    with args.jobs.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if args.only and row.get("job_ref") != args.only:
                continue
            try:
                out = builder.build(row)
            except (KeyError, ValueError) as exc:
                LOG.warning("job %s skipped: %s", row.get("job_ref"), exc)
                continue
            LOG.info("wrote %s", out)
            built += 1
    LOG.info("%d certificates built", built)
    return 0 if built else 1


if __name__ == "__main__":
    sys.exit(main())
