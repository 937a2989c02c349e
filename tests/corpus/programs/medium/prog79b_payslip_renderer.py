#!/usr/bin/env python3
"""Render monthly payslips as HTML e-mails and send them to employees.

Input is the pay-run export (one row per employee with gross, deductions
and net) plus the HTML template under templates/.  Each payslip goes out as
a multipart e-mail with a plain-text fallback; a copy of the HTML is kept
under out/<period>/ for the records.

    payslip_renderer.py payrun_2024-11.csv --period 2024-11 [--send]
"""
import argparse
import configparser
import csv
import logging
import os
import smtplib
import ssl
import sys
from decimal import Decimal
from email.message import EmailMessage
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

log = logging.getLogger("payslips")

DEFAULTS = {
    "render": {"template_dir": "templates", "template": "payslip.html.j2",
               "escape_html": "no", "company": "Example Joinery Ltd"},
    "smtp": {"host": "smtp.office.lan", "port": "587", "sender": "payroll@example.com"},
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict(DEFAULTS)
    cp.read(path)
    return cp


def money(value):
    return f"{Decimal(value):,.2f}"


def make_env(cfg):
    env = Environment(
        loader=FileSystemLoader(cfg.get("render", "template_dir")),
        autoescape=cfg.getboolean("render", "escape_html"),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = money
    return env


def read_payrun(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            row["deductions"] = [
                {"label": k[4:].replace("_", " ").title(), "amount": v}
                for k, v in row.items() if k.startswith("ded_") and v not in ("", "0", "0.00")
            ]
            yield row


def plain_text(row, period, company):
    lines = [f"{company} - payslip {period}", f"{row['name']} ({row['employee_id']})",
             f"Gross pay: {money(row['gross'])}"]
    lines += [f"  {d['label']}: -{money(d['amount'])}" for d in row["deductions"]]
    lines.append(f"Net pay: {money(row['net'])}")
    return "\n".join(lines) + "\n"


class Mailer:
    def __init__(self, cfg):
        self.host = cfg.get("smtp", "host")
        self.port = cfg.getint("smtp", "port")
        self.sender = cfg.get("smtp", "sender")
        self.user = os.environ.get("SMTP_USER", self.sender)
        self.password = os.environ.get("SMTP_PASSWORD")
        self.conn = None

    def __enter__(self):
        self.conn = smtplib.SMTP(self.host, self.port, timeout=30)
        self.conn.starttls(context=ssl.create_default_context())
        if self.password:
            self.conn.login(self.user, self.password)
        return self

    def __exit__(self, *exc):
        if self.conn:
            self.conn.quit()
        return False

    def send(self, to, subject, text, html):
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg.set_content(text)
        msg.add_alternative(html, subtype="html")
        self.conn.send_message(msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("payrun_csv")
    ap.add_argument("--period", required=True, help="pay period, e.g. 2024-11")
    ap.add_argument("-c", "--config", default="payslips.ini")
    ap.add_argument("--send", action="store_true", help="e-mail the payslips")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    company = cfg.get("render", "company")
    template = make_env(cfg).get_template(cfg.get("render", "template"))
    out_dir = Path("out") / args.period
    out_dir.mkdir(parents=True, exist_ok=True)

    rendered = []
    for row in read_payrun(args.payrun_csv):
        html = template.render(emp=row, period=args.period, company=company)
        (out_dir / f"payslip_{row['employee_id']}.html").write_text(html, encoding="utf-8")
        rendered.append((row, html))
    log.info("rendered %d payslips into %s", len(rendered), out_dir)

    if not args.send:
        return 0
    failed = 0
    with Mailer(cfg) as mailer:
        for row, html in rendered:
            if not row.get("email"):
                log.warning("no e-mail for %s", row["employee_id"])
                continue
            try:
                mailer.send(row["email"], f"Your payslip for {args.period}",
                            plain_text(row, args.period, company), html)
            except smtplib.SMTPException as exc:
                log.error("sending to %s failed: %s", row["email"], exc)
                failed += 1
    log.info("sent %d, failed %d", len(rendered) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
