#!/usr/bin/env python3
"""Payslip rendering worker.

Watches a spool directory for pay-run job files dropped by the payroll
engine, renders one HTML payslip per employee from a Jinja2 template and
converts it to PDF with wkhtmltopdf.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("payslip-worker")


class PayslipRenderer:
    def __init__(self, template_dir, out_dir, wkhtmltopdf="wkhtmltopdf"):
        self.env = Environment(loader=FileSystemLoader(template_dir),
                               autoescape=select_autoescape(["html"]))
        self.env.filters["money"] = lambda v: f"{float(v):,.2f}"
        self.template = self.env.get_template("payslip.html")
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.wkhtmltopdf = wkhtmltopdf

    def render(self, company, period, employee):
        html = self.template.render(company=company, period=period, e=employee)
        stem = f"{period}_{employee['employee_id']}"
        html_path = self.out_dir / f"{stem}.html"
        pdf_path = self.out_dir / f"{stem}.pdf"
        html_path.write_text(html, encoding="utf-8")
        res = subprocess.run(
            [self.wkhtmltopdf, "--quiet", "--page-size", "A4", str(html_path), str(pdf_path)],
            capture_output=True, text=True, timeout=120,
        )
        html_path.unlink(missing_ok=True)
        if res.returncode != 0:
            raise RuntimeError(f"wkhtmltopdf failed for {stem}: {res.stderr.strip()}")
        return pdf_path


def process_job(renderer, job_path):
    job = json.loads(job_path.read_text(encoding="utf-8"))
    ok = failed = 0
    for employee in job["employees"]:
        try:
            renderer.render(job["company"], job["period"], employee)
            ok += 1
        except (RuntimeError, subprocess.TimeoutExpired, KeyError) as exc:
            log.error("%s", exc)
            failed += 1
    log.info("job %s: %d rendered, %d failed", job_path.name, ok, failed)
    job_path.rename(job_path.with_suffix(".done" if failed == 0 else ".failed"))


def watch(renderer, spool, interval, once=False):
    spool = Path(spool)
    while True:
        for job_path in sorted(spool.glob("*.job.json")):
            try:
                process_job(renderer, job_path)
            except (OSError, ValueError) as exc:
                log.error("cannot process %s: %s", job_path, exc)
        if once:
            return
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="payslip rendering worker")
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--out", default="payslips")
    ap.add_argument("--interval", type=int, default=15)
    ap.add_argument("--once", action="store_true", help="process pending jobs and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    os.umask(0o077)
    if not Path(args.spool).is_dir():
        log.error("spool directory %s does not exist", args.spool)
        return 1
    renderer = PayslipRenderer(args.templates, args.out)
    watch(renderer, args.spool, args.interval, once=args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
