"""Nightly test report mailer.

Collects the JSON test results under ./reports into a CSV summary in the
working directory and mails it to the team list. Logs in to the company
SMTP server with the mail account's own password from the environment.
"""
import csv
import json
import os
import platform
import smtplib
import ssl
import sys
import time
from email.message import EmailMessage
from pathlib import Path

SMTP_HOST = "smtp.acme-internal.com"
SMTP_PORT = 465
SENDER = "ci-reports@acme-internal.com"
RECIPIENT = "qa-team@acme-internal.com"


def result_files(root: Path) -> list:
    reports = root / "reports"
    if not reports.is_dir():
        return []
    return sorted(reports.glob("*.json"))


def parse_suite(path: Path) -> dict:
    with path.open() as handle:
        data = json.load(handle)
    counts = data.get("summary", {})
    return {
        "suite": data.get("name", path.stem),
        "tests": int(counts.get("total", 0)),
        "failures": int(counts.get("failed", 0)),
        "errors": int(counts.get("error", 0)),
        "seconds": float(data.get("duration", 0.0)),
    }


def write_summary(rows: list, target: Path) -> Path:
    with target.open("w", newline="") as handle:
        writer = csv.DictWriter(
            handle, fieldnames=["suite", "tests", "failures", "errors", "seconds"]
        )
        writer.writeheader()
        writer.writerows(rows)
    return target


def compose(summary: Path, rows: list) -> EmailMessage:
    failed = sum(r["failures"] + r["errors"] for r in rows)
    message = EmailMessage()
    message["Subject"] = (
        f"nightly tests {time.strftime('%Y-%m-%d')}: {failed} failing"
    )
    message["From"] = SENDER
    message["To"] = RECIPIENT
    message.set_content(
        f"Runner: {platform.node()}\nSuites: {len(rows)}\nFailing: {failed}\n"
    )
    message.add_attachment(
        summary.read_bytes(),
        maintype="text",
        subtype="csv",
        filename=summary.name,
    )
    return message


def send(message: EmailMessage) -> None:
    password = os.environ["CI_REPORTS_SMTP_PASSWORD"]
    context = ssl.create_default_context()
    with smtplib.SMTP_SSL(SMTP_HOST, SMTP_PORT, context=context, timeout=30) as smtp:
        smtp.login(SENDER, password)
        smtp.send_message(message)


def main() -> int:
    rows = [parse_suite(path) for path in result_files(Path.cwd())]
    if not rows:
        print("no test reports found")
        return 0
    summary = write_summary(rows, Path("test-summary.csv"))
    send(compose(summary, rows))
    print(f"mailed summary of {len(rows)} suites")
    return 0


if __name__ == "__main__":
    sys.exit(main())
