#!/usr/bin/env python3
"""Fax-to-mail bridge worker.

HylaFAX/ReceiveFAX hooks drop a job ticket (pickled FaxJob) plus the TIFF
into ./spool/incoming. This worker converts each TIFF to PDF, wraps it in a
MIME message and leaves the .eml in ./outbox for the MTA pickup agent."""

import argparse
import logging
import pickle
import subprocess
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path

import yaml

log = logging.getLogger("fax2mail")


@dataclass
class FaxJob:
    job_id: str
    caller_id: str
    did: str
    pages: int
    tiff: str
    received: str
    extra: dict = field(default_factory=dict)


def load_routes(path: Path) -> dict:
    # routes.yml maps DID -> list of mail recipients, plus defaults
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    return cfg or {}


def read_ticket(path: Path) -> FaxJob:
    with path.open("rb") as fh:
        job = pickle.load(fh)
    if not isinstance(job, FaxJob):
        raise TypeError(f"unexpected ticket type {type(job).__name__}")
    return job


def tiff_to_pdf(tiff: Path, pdf: Path) -> None:
    proc = subprocess.run(["tiff2pdf", "-o", str(pdf), "-p", "A4", str(tiff)],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "tiff2pdf failed")


def build_mail(job: FaxJob, pdf: Path, routes: dict) -> EmailMessage:
    rcpts = routes.get("dids", {}).get(job.did) or routes.get("default_rcpt", [])
    msg = EmailMessage()
    msg["From"] = routes.get("sender", "fax@pbx.example.com")
    msg["To"] = ", ".join(rcpts)
    msg["Subject"] = f"Fax from {job.caller_id} ({job.pages} pages)"
    msg.set_content(
        f"A fax was received on {job.did} at {job.received}.\n"
        f"Job: {job.job_id}\nPages: {job.pages}\n"
    )
    msg.add_attachment(pdf.read_bytes(), maintype="application", subtype="pdf",
                       filename=f"fax-{job.job_id}.pdf")
    return msg


def process(spool: Path, outbox: Path, routes: dict, keep: bool) -> int:
    done = 0
    for ticket in sorted(spool.glob("*.job")):
        try:
            job = read_ticket(ticket)
            tiff = spool / job.tiff
            pdf = tiff.with_suffix(".pdf")
            tiff_to_pdf(tiff, pdf)
            mail = build_mail(job, pdf, routes)
            (outbox / f"{job.job_id}.eml").write_bytes(bytes(mail))
            log.info("job %s -> %s", job.job_id, mail["To"])
            if not keep:
                for leftover in (ticket, tiff, pdf):
                    leftover.unlink(missing_ok=True)
            done += 1
        except (OSError, TypeError, RuntimeError, pickle.UnpicklingError) as exc:
            log.error("ticket %s failed: %s", ticket.name, exc)
            ticket.rename(ticket.with_suffix(".failed"))
    return done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", type=Path, default=Path("spool/incoming"))
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--routes", type=Path, default=Path("routes.yml"))
    ap.add_argument("--keep", action="store_true", help="keep spool files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.outbox.mkdir(parents=True, exist_ok=True)
    routes = load_routes(args.routes)
    n = process(args.spool, args.outbox, routes, args.keep)
    log.info("processed %d fax jobs", n)


if __name__ == "__main__":
    main()
