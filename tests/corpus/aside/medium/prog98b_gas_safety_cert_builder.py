#!/usr/bin/env python3
"""Build landlord gas safety record (CP12-style) PDFs from inspection data.

Engineers complete the appliance checks on the tablet app, which exports one
JSON document per visit into ./inspections/.  This script renders each visit
through the HTML template in ./templates/ and converts it to PDF with
wkhtmltopdf, writing the results to ./certs/<cert_no>.pdf.

    ./gas_safety_cert_builder.py --inspections inspections --out certs
"""

import argparse
import json
import logging
import shutil
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("certbuilder")

REQUIRED = ("cert_no", "engineer", "landlord", "property", "appliances", "inspected_on")
PASS_CHECKS = ("flue_ok", "ventilation_ok", "safety_device_ok", "visual_ok")


def load_inspection(path):
    with path.open(encoding="utf-8") as fh:
        doc = json.load(fh)
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise ValueError(f"{path.name}: missing {', '.join(missing)}")
    return doc


def summarise(doc):
    """Derive the fields the template needs on top of the raw record."""
    inspected = datetime.strptime(doc["inspected_on"], "%Y-%m-%d").date()
    unsafe = []
    for app in doc["appliances"]:
        failed = [c for c in PASS_CHECKS if not app.get(c, False)]
        co_ratio = float(app.get("co_co2_ratio", 0) or 0)
        if co_ratio > 0.008:
            failed.append("combustion_ratio")
        app["result"] = "FAIL" if failed else "PASS"
        app["failed_checks"] = failed
        if failed:
            unsafe.append(app.get("location", "unknown"))
    doc["next_due"] = (inspected + timedelta(days=365)).isoformat()
    doc["overall"] = "UNSAFE - SEE NOTES" if unsafe else "SATISFACTORY"
    doc["unsafe_locations"] = unsafe
    doc["issued_on"] = date.today().isoformat()
    return doc


def render_html(env, doc, template_name):
    return env.get_template(template_name).render(cert=doc)


def html_to_pdf(html_path, pdf_path, wkhtml):
    cmd = [
        wkhtml, "--quiet", "--page-size", "A4",
        "--margin-top", "12mm", "--margin-bottom", "12mm",
        "--footer-center", "Page [page] of [topage]", "--footer-font-size", "7",
        str(html_path), str(pdf_path),
    ]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or f"wkhtmltopdf exit {result.returncode}")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Build gas safety record PDFs")
    p.add_argument("--inspections", type=Path, default=Path("inspections"))
    p.add_argument("--templates", type=Path, default=Path("templates"))
    p.add_argument("--template", default="gas_safety_record.html")
    p.add_argument("--out", type=Path, default=Path("certs"))
    p.add_argument("--keep-html", action="store_true", help="keep intermediate HTML")
    p.add_argument("--rebuild", action="store_true", help="rebuild existing PDFs")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    wkhtml = shutil.which("wkhtmltopdf")
    if not wkhtml:
        log.error("wkhtmltopdf not found on PATH")
        return 2
    if not args.inspections.is_dir():
        log.error("no inspections directory at %s", args.inspections)
        return 1

    env = Environment(loader=FileSystemLoader(str(args.templates)),
                      autoescape=select_autoescape(["html"]))
    args.out.mkdir(parents=True, exist_ok=True)

    built = failed = 0
    for path in sorted(args.inspections.glob("*.json")):
        try:
            doc = summarise(load_inspection(path))
        except (ValueError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            failed += 1
            continue
        pdf_path = args.out / f"{doc['cert_no']}.pdf"
        if pdf_path.exists() and not args.rebuild:
            log.debug("%s exists, skipping", pdf_path.name)
            continue
        html_path = args.out / f"{doc['cert_no']}.html"
        html_path.write_text(render_html(env, doc, args.template), encoding="utf-8")
        try:
            html_to_pdf(html_path, pdf_path, wkhtml)
            built += 1
            log.info("%s -> %s (%s)", path.name, pdf_path.name, doc["overall"])
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("PDF failed for %s: %s", doc["cert_no"], exc)
            failed += 1
        finally:
            if not args.keep_html:
                html_path.unlink(missing_ok=True)

    log.info("built %d certificates, %d failed", built, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
