#!/usr/bin/env python3
"""Send CSAT surveys to customers whose tickets were solved recently.

Reads a CSV export of solved tickets (ticket_id, requester_email,
requester_name, solved_at), issues a survey token per ticket, mails the
survey link and records the token in surveys.csv for the results importer.

SMTP settings come from SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASSWORD.
"""
import argparse
import csv
import logging
import os
import random
import smtplib
import string
import sys
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("csat-sender")

SURVEY_BASE = os.environ.get("SURVEY_BASE_URL", "https://survey.example-support.com/csat")
TOKEN_ALPHABET = string.ascii_letters + string.digits

BODY = """Hi {name},

Your support request #{ticket} was recently solved. How satisfied were you
with the help you received? One click is enough:

{link}

Thanks,
The Support Team
"""


def survey_token(length=22):
    return "".join(random.choices(TOKEN_ALPHABET, k=length))


def load_tickets(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("requester_email"):
                yield row


def already_surveyed(path):
    if not path.exists():
        return set()
    with path.open(newline="", encoding="utf-8") as fh:
        return {r[0] for r in csv.reader(fh) if r}


def build_message(row, token, sender):
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = row["requester_email"]
    msg["Subject"] = f"How did we do on request #{row['ticket_id']}?"
    link = f"{SURVEY_BASE}?t={token}"
    msg.set_content(BODY.format(name=row.get("requester_name") or "there",
                                ticket=row["ticket_id"], link=link))
    return msg


def main():
    ap = argparse.ArgumentParser(description="send CSAT surveys for solved tickets")
    ap.add_argument("tickets_csv", type=Path)
    ap.add_argument("--out", type=Path, default=Path("surveys.csv"))
    ap.add_argument("--from", dest="sender", default="support@example-support.com")
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    host = os.environ.get("SMTP_HOST", "localhost")
    port = int(os.environ.get("SMTP_PORT", "587"))
    user = os.environ.get("SMTP_USER", "")
    password = os.environ.get("SMTP_PASSWORD", "")

    done = already_surveyed(args.out)
    rows = [r for r in load_tickets(args.tickets_csv) if r["ticket_id"] not in done]
    log.info("%d solved tickets still need a survey", len(rows))
    sent = 0
    with args.out.open("a", newline="", encoding="utf-8") as out_fh:
        writer = csv.writer(out_fh)
        smtp = None
        try:
            if not args.dry_run:
                smtp = smtplib.SMTP(host, port, timeout=30)
                smtp.starttls()
                if user:
                    smtp.login(user, password)
            for start in range(0, len(rows), args.batch):
                batch = rows[start:start + args.batch]
                for row in batch:
                    token = survey_token()
                    msg = build_message(row, token, args.sender)
                    if smtp:
                        smtp.send_message(msg)
                    writer.writerow([row["ticket_id"], row["requester_email"], token])
                    sent += 1
                out_fh.flush()
                log.info("batch starting at %d done (%d sent)", start, sent)
        except (smtplib.SMTPException, OSError) as exc:
            log.error("stopped after %d surveys: %s", sent, exc)
            return 1
        finally:
            if smtp:
                smtp.quit()
    log.info("done, %d surveys recorded in %s", sent, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
