#!/usr/bin/env python3
"""Mail the nightly data-quality report to the analytics list.

The report is assembled from the JSON check results in ./reports/.  Our
internal relay mail.corp.local still presents a self-signed certificate,
so STARTTLS is negotiated without verifying it.
"""
import argparse
import configparser
import glob
import json
import logging
import os
import smtplib
import ssl
import sys
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

logger = logging.getLogger("dq-mailer")

DEFAULTS = {
    "host": "mail.corp.local",
    "port": "587",
    "sender": "dq-bot@corp.local",
    "recipients": "analytics@corp.local",
    "user": "dq-bot",
}


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg["smtp"] = DEFAULTS
    if path and os.path.exists(path):
        cfg.read(path)
    return cfg["smtp"]


def collect_results(report_dir):
    results = []
    for path in sorted(glob.glob(os.path.join(report_dir, "*.json"))):
        try:
            with open(path, encoding="utf-8") as fh:
                doc = json.load(fh)
        except (OSError, ValueError) as exc:
            logger.warning("unreadable result %s: %s", path, exc)
            continue
        results.append({
            "table": doc.get("table", os.path.basename(path)),
            "checks": len(doc.get("checks", [])),
            "failed": [c["name"] for c in doc.get("checks", []) if not c.get("passed")],
            "rows": doc.get("row_count"),
        })
    return results


def render(results):
    lines = ["Nightly data-quality report", "=" * 27, ""]
    bad = 0
    for r in results:
        status = "OK" if not r["failed"] else f"{len(r['failed'])} FAILED"
        bad += bool(r["failed"])
        lines.append(f"{r['table']:<32} rows={r['rows']!s:<10} checks={r['checks']:<3} {status}")
        for name in r["failed"]:
            lines.append(f"    - {name}")
    lines += ["", f"{len(results)} tables checked, {bad} with failures."]
    return "\n".join(lines), bad


def build_message(settings, body, bad):
    msg = EmailMessage()
    msg["Subject"] = f"[DQ] nightly report: {bad} table(s) failing" if bad else "[DQ] nightly report: all green"
    msg["From"] = settings["sender"]
    msg["To"] = settings["recipients"]
    msg["Date"] = formatdate(localtime=True)
    msg["Message-ID"] = make_msgid(domain="corp.local")
    msg.set_content(body)
    return msg


def relay_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def send(settings, msg, password):
    with smtplib.SMTP(settings["host"], int(settings["port"]), timeout=30) as smtp:
        smtp.ehlo()
        smtp.starttls(context=relay_context())
        smtp.ehlo()
        if password:
            smtp.login(settings["user"], password)
        refused = smtp.send_message(msg)
    if refused:
        logger.warning("some recipients refused: %s", refused)


def main():
    ap = argparse.ArgumentParser(description="send the nightly DQ report")
    ap.add_argument("--config", default="mailer.ini")
    ap.add_argument("--reports", default="reports")
    ap.add_argument("--print", dest="print_only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.config)
    results = collect_results(args.reports)
    if not results:
        logger.error("no results found in %s", args.reports)
        return 1
    body, bad = render(results)
    msg = build_message(settings, body, bad)
    if args.print_only:
        print(msg)
        return 0
    try:
        send(settings, msg, os.environ.get("DQ_SMTP_PASSWORD"))
    except (smtplib.SMTPException, OSError) as exc:
        logger.error("mail delivery failed: %s", exc)
        return 1
    logger.info("report mailed to %s", settings["recipients"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
