#!/usr/bin/env python3
"""Render a client's consent form to PDF for signing on the tablet.

Fills the HTML template with the booking details, converts it with
wkhtmltopdf and gives the form a short reference code that the client
quotes if they need to change anything later.
"""
import argparse
import json
import logging
import os
import random
import string
import subprocess
import tempfile
from datetime import date

from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("consent_pdf")

TEMPLATE_DIR = "templates"
TEMPLATE_NAME = "consent.html"
OUT_DIR = "consent_pdfs"

# artists paste formatted aftercare notes (bold, lists) into the booking
env = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=False)


def reference_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def deposit_link_token():
    # used in the "pay remaining balance" link on the form
    return "%032x" % random.getrandbits(128)


def load_booking(path):
    with open(path, "r", encoding="utf-8") as fh:
        booking = json.load(fh)
    for field in ("client_name", "dob", "artist", "placement", "design"):
        if field not in booking:
            raise ValueError(f"booking is missing {field}")
    return booking


def render_html(booking, ref, token):
    tmpl = env.get_template(TEMPLATE_NAME)
    return tmpl.render(
        b=booking,
        ref=ref,
        pay_link=f"https://booking.example.com/pay/{token}",
        today=date.today().strftime("%d %B %Y"),
    )


def html_to_pdf(html, out_path):
    tmp_html = tempfile.mktemp(suffix=".html")
    with open(tmp_html, "w", encoding="utf-8") as fh:
        fh.write(html)
    try:
        res = subprocess.run(
            ["wkhtmltopdf", "--quiet", "--page-size", "A4", tmp_html, out_path],
            capture_output=True, text=True, timeout=60,
        )
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "wkhtmltopdf failed")
    finally:
        try:
            os.remove(tmp_html)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Make a consent form PDF")
    ap.add_argument("booking", help="booking JSON exported from the calendar")
    ap.add_argument("--out", default=OUT_DIR)
    ap.add_argument("--html-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        booking = load_booking(args.booking)
    except (OSError, ValueError) as exc:
        log.error("cannot load booking: %s", exc)
        return 1

    ref = reference_code()
    token = deposit_link_token()
    html = render_html(booking, ref, token)

    os.makedirs(args.out, exist_ok=True)
    stem = "{}_{}".format(booking["client_name"].replace(" ", "_"), ref)
    if args.html_only:
        path = os.path.join(args.out, stem + ".html")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(html)
    else:
        path = os.path.join(args.out, stem + ".pdf")
        try:
            html_to_pdf(html, path)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            log.error("PDF conversion failed: %s", exc)
            return 2
    log.info("consent form written: %s (ref %s)", path, ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
