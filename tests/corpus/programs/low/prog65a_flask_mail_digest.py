"""
app/cli/mail_digest.py

Flask CLI command that mails the weekly activity digest:

    flask mail-digest               # send to every opted-in account
    flask mail-digest --no-send     # build it and print a summary

It reads the last seven days of activity from the app database, renders a
short text summary, attaches the full CSV export and sends one message per
subscriber through the configured SMTP relay.
"""
import csv
import logging
import os
import smtplib
import sqlite3
import ssl
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

log = logging.getLogger("app.mail_digest")

REPORT_DIR = Path(os.environ.get("DIGEST_REPORT_DIR", "reports"))


class Digest:
    def __init__(self, app, days=7):
        self.app = app
        self.created = datetime.now(timezone.utc)
        self.since = self.created - timedelta(days=days)
        self.attachments = []
        self.lines = []
        self.rows = []

    def _db(self):
        path = self.app.config.get("DIGEST_DB_PATH", "instance/app.sqlite3")
        conn = sqlite3.connect(path)
        conn.row_factory = sqlite3.Row
        return conn

    def add_activity(self):
        with self._db() as conn:
            self.rows = conn.execute(
                "SELECT project, kind, COUNT(*) AS n FROM activity "
                "WHERE created_at >= ? GROUP BY project, kind ORDER BY n DESC",
                (self.since.isoformat(),)).fetchall()
        self.lines.append("Activity since %s" % self.since.strftime("%Y-%m-%d"))
        for row in self.rows[:15]:
            self.lines.append("  %-30s %-12s %5d" % (row["project"], row["kind"], row["n"]))

    def add_export(self):
        REPORT_DIR.mkdir(parents=True, exist_ok=True)
        path = REPORT_DIR / ("digest-%s.csv" % self.created.strftime("%Y%m%d"))
        with path.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["project", "kind", "count"])
            for row in self.rows:
                writer.writerow([row["project"], row["kind"], row["n"]])
        self.attachments.append((path.name, path.read_bytes()))
        self.lines.append("Full export attached (%s)" % path.name)

    def subscribers(self):
        with self._db() as conn:
            return [r["email"] for r in conn.execute(
                "SELECT email FROM account WHERE digest_opt_in = 1 AND is_active = 1")]

    def to_message(self, sender, recipient):
        msg = EmailMessage()
        msg["Subject"] = "Your weekly digest - %s" % self.created.strftime("%d %b %Y")
        msg["From"] = sender
        msg["To"] = recipient
        msg.set_content("\n".join(self.lines) + "\n")
        for name, data in self.attachments:
            msg.add_attachment(data, maintype="text", subtype="csv", filename=name)
        return msg


def _smtp_session(cfg):
    host, port = cfg.get("MAIL_SERVER", "localhost"), int(cfg.get("MAIL_PORT", 465))
    context = ssl.create_default_context()
    if cfg.get("MAIL_USE_SSL", True):
        server = smtplib.SMTP_SSL(host, port, context=context, timeout=20)
    else:
        server = smtplib.SMTP(host, port, timeout=20)
        server.starttls(context=context)
    if cfg.get("MAIL_USERNAME"):
        server.login(cfg["MAIL_USERNAME"], os.environ.get("MAIL_PASSWORD", ""))
    return server


@click.command("mail-digest")
@click.option("--no-send", is_flag=True, help="build the digest but do not send it")
@click.option("--days", default=7, show_default=True)
@with_appcontext
def mail_digest(no_send, days):
    app = current_app._get_current_object()
    digest = Digest(app, days=days)
    digest.add_activity()
    digest.add_export()
    recipients = digest.subscribers()
    sender = app.config.get("MAIL_DEFAULT_SENDER", "noreply@localhost")
    click.echo("digest: %d lines, %d recipients" % (len(digest.lines), len(recipients)))
    if no_send:
        return
    sent = 0
    try:
        with _smtp_session(app.config) as server:
            for rcpt in recipients:
                server.send_message(digest.to_message(sender, rcpt))
                sent += 1
    except (smtplib.SMTPException, OSError) as err:
        log.error("delivery stopped after %d messages: %s", sent, err)
        raise click.ClickException("mail delivery failed: %s" % err)
    click.echo("digest sent to %d subscribers" % sent)


def init_app(app):
    app.cli.add_command(mail_digest)
