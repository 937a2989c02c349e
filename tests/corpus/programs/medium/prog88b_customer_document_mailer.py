#!/usr/bin/env python3
"""Email move paperwork (estimate, bill of lading, storage contract) to customers.

Reads a batch file (CSV: job_id, customer_name, email, doc_type, file) produced
by the office system, renders the HTML body from templates/<doc_type>.html,
attaches the PDF and sends through the branch SMTP relay.  A sent-log in
./mailer_sent.jsonl prevents duplicate sends when a batch is re-run.
"""
import argparse
import csv
import json
import logging
import mimetypes
import os
import smtplib
import ssl
import sys
import time
from email.message import EmailMessage
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

log = logging.getLogger("doc-mailer")

SENT_LOG = Path("mailer_sent.jsonl")
SUBJECTS = {
    "estimate": "Your moving estimate from Harbor & Hale (job {job_id})",
    "bol": "Bill of lading for your move (job {job_id})",
    "storage": "Your storage unit agreement (job {job_id})",
}


def template_env(template_dir, html_templates=True):
    settings = {
        "loader": FileSystemLoader(template_dir),
        "undefined": StrictUndefined,
        "trim_blocks": True,
        "lstrip_blocks": True,
        "autoescape": not html_templates,
    }
    return Environment(**settings)


def already_sent():
    done = set()
    if SENT_LOG.exists():
        for line in SENT_LOG.read_text().splitlines():
            rec = json.loads(line)
            done.add((rec["job_id"], rec["doc_type"], rec["email"]))
    return done


def record_sent(row):
    with SENT_LOG.open("a") as fh:
        fh.write(json.dumps({"job_id": row["job_id"], "doc_type": row["doc_type"],
                             "email": row["email"], "ts": int(time.time())}) + "\n")


def build_message(env, row, sender, docs_dir):
    doc_type = row["doc_type"]
    tmpl = env.get_template(f"{doc_type}.html")
    html = tmpl.render(customer=row["customer_name"], job_id=row["job_id"],
                       note=row.get("note", ""), branch_phone=os.environ.get("BRANCH_PHONE", ""))
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = row["email"]
    msg["Subject"] = SUBJECTS.get(doc_type, "Documents for job {job_id}").format(**row)
    msg.set_content("Please view this message in an HTML capable mail client.")
    msg.add_alternative(html, subtype="html")
    pdf = Path(docs_dir) / row["file"]
    ctype = mimetypes.guess_type(pdf.name)[0] or "application/pdf"
    maintype, subtype = ctype.split("/", 1)
    msg.add_attachment(pdf.read_bytes(), maintype=maintype, subtype=subtype, filename=pdf.name)
    return msg


def open_relay(host, port, user, password):
    smtp = smtplib.SMTP(host, port, timeout=30)
    smtp.starttls(context=ssl.create_default_context())
    if user:
        smtp.login(user, password)
    return smtp


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batch")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--docs", default="outgoing")
    ap.add_argument("--sender", default=os.environ.get("MAILER_FROM", "paperwork@harborhale-moving.example.net"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    env = template_env(args.templates)
    done = already_sent()
    with open(args.batch, newline="") as fh:
        rows = [r for r in csv.DictReader(fh)
                if (r["job_id"], r["doc_type"], r["email"]) not in done]
    if not rows:
        log.info("nothing to send")
        return 0

    smtp = None
    if not args.dry_run:
        smtp = open_relay(os.environ.get("SMTP_HOST", "smtp.branch.local"),
                          int(os.environ.get("SMTP_PORT", "587")),
                          os.environ.get("SMTP_USER"), os.environ.get("SMTP_PASSWORD"))
    sent = failed = 0
    try:
        for row in rows:
            try:
                msg = build_message(env, row, args.sender, args.docs)
            except Exception as exc:  # template or file problems: skip the row
                log.warning("job %s: cannot build message: %s", row["job_id"], exc)
                failed += 1
                continue
            if args.dry_run:
                log.info("would send %s to %s", row["doc_type"], row["email"])
                continue
            try:
                smtp.send_message(msg)
            except smtplib.SMTPException as exc:
                log.warning("job %s: send failed: %s", row["job_id"], exc)
                failed += 1
                continue
            record_sent(row)
            sent += 1
    finally:
        if smtp:
            smtp.quit()
    log.info("sent %d, failed %d", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
