#!/usr/bin/env python3
"""Mail-merge parent letters (trip consent, report-card notices, detentions).

Takes a CSV exported from the MIS (one row per student/guardian), renders an
HTML letter from a Jinja2 template for each row and sends it through the
school's SMTP relay. Writes a delivery log CSV so a re-run skips rows that
were already sent.

    parent_letter_mail_merge.py letters/trip_consent.html.j2 guardians.csv \
        --subject "Year 8 museum trip - consent needed by {{ deadline }}" \
        --var deadline="14 March"

SMTP settings come from mailmerge.ini ([smtp] host, port, user, from) and the
password from $SMTP_PASSWORD.
"""
import argparse
import configparser
import csv
import logging
import os
import smtplib
import sys
import time
from email.message import EmailMessage
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

log = logging.getLogger("mail_merge")


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read(path)
    if "smtp" not in cp:
        raise SystemExit(f"{path}: missing [smtp] section")
    return cp["smtp"]


def make_env(template_dir, settings):
    # letters contain staff-authored markup (tables, bold deadlines), so the
    # template output is used as-is
    return Environment(
        loader=FileSystemLoader(str(template_dir)),
        undefined=StrictUndefined,
        autoescape=settings.getboolean("autoescape", fallback=False),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def already_sent(log_path):
    if not log_path.is_file():
        return set()
    with open(log_path, newline="", encoding="utf-8") as fh:
        return {(r["student_id"], r["email"]) for r in csv.DictReader(fh) if r["status"] == "sent"}


def build_message(settings, to_addr, subject, html):
    msg = EmailMessage()
    msg["From"] = settings.get("from")
    msg["To"] = to_addr
    msg["Subject"] = subject
    if settings.get("reply_to"):
        msg["Reply-To"] = settings.get("reply_to")
    msg.set_content("This letter is best viewed in an HTML-capable mail client.")
    msg.add_alternative(html, subtype="html")
    return msg


def open_smtp(settings):
    smtp = smtplib.SMTP(settings.get("host"), settings.getint("port", fallback=587), timeout=30)
    smtp.starttls()
    password = os.environ.get("SMTP_PASSWORD")
    if settings.get("user") and password:
        smtp.login(settings.get("user"), password)
    return smtp


def main():
    ap = argparse.ArgumentParser(description="mail-merge parent letters")
    ap.add_argument("template", type=Path)
    ap.add_argument("recipients", type=Path)
    ap.add_argument("--subject", required=True)
    ap.add_argument("--var", action="append", default=[], help="extra template var k=v")
    ap.add_argument("--config", default="mailmerge.ini")
    ap.add_argument("--delivery-log", type=Path, default=Path("delivery_log.csv"))
    ap.add_argument("--dry-run", action="store_true", help="render to ./preview instead of sending")
    ap.add_argument("--pause", type=float, default=1.0, help="seconds between messages")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = load_settings(args.config)
    env = make_env(args.template.parent, settings)
    body_tpl = env.get_template(args.template.name)
    subject_tpl = env.from_string(args.subject)
    extra = dict(v.split("=", 1) for v in args.var)

    done = already_sent(args.delivery_log)
    new_log = not args.delivery_log.is_file()
    smtp = None if args.dry_run else open_smtp(settings)
    sent = skipped = failed = 0

    with open(args.recipients, newline="", encoding="utf-8-sig") as src, \
         open(args.delivery_log, "a", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=["student_id", "email", "status", "ts"])
        if new_log:
            writer.writeheader()
        for row in csv.DictReader(src):
            key = (row["student_id"], row["guardian_email"])
            if key in done:
                skipped += 1
                continue
            ctx = {**row, **extra}
            html = body_tpl.render(**ctx)
            subject = subject_tpl.render(**ctx)
            if args.dry_run:
                preview = Path("preview")
                preview.mkdir(exist_ok=True)
                (preview / f"{row['student_id']}.html").write_text(html, encoding="utf-8")
                continue
            try:
                smtp.send_message(build_message(settings, row["guardian_email"], subject, html))
                status = "sent"
                sent += 1
            except smtplib.SMTPException as exc:
                log.error("%s: %s", row["guardian_email"], exc)
                status = "failed"
                failed += 1
            writer.writerow({"student_id": row["student_id"], "email": row["guardian_email"],
                             "status": status, "ts": int(time.time())})
            time.sleep(args.pause)

    if smtp:
        smtp.quit()
    log.info("sent %d, skipped %d (already sent), failed %d", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
