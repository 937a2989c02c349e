#!/usr/bin/env python3
"""Order status mailer for the memorial workshop.

Looks at the orders database for memorials whose status changed since the
last run (drawing approved, stone cut, lettering done, ready to fix) and
emails each family a short update through the Postmark API.
"""
import argparse
import http.client
import json
import logging
import os
import sqlite3
import sys
from datetime import datetime, timezone
from pathlib import Path
from string import Template

LOG = logging.getLogger("order-mailer")

MAIL_HOST = "api.postmarkapp.com"
STATE_FILE = Path("mailer_state.json")

STATUS_TEXT = {
    "drawing_approved": "Your approved drawing has gone to the workshop.",
    "stone_cut": "The stone has been cut and dressed to size.",
    "lettering_done": "The inscription has been engraved and is being inspected.",
    "ready_to_fix": "The memorial is ready; we will contact you to arrange fixing.",
    "fixed": "The memorial has been fixed at the cemetery.",
}

BODY = Template("""Dear $customer,

An update on your order $order_ref ($stone, $cemetery):

    $status_text

If you have any questions please reply to this email or call the workshop.

Kind regards,
$workshop
""")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"last_run": "1970-01-01T00:00:00+00:00", "sent": []}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def changed_orders(db_path, since):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        rows = con.execute(
            "SELECT o.ref, o.status, o.status_changed, o.stone, o.cemetery, "
            "c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id "
            "WHERE o.status_changed > ? AND c.email IS NOT NULL ORDER BY o.status_changed",
            (since,),
        ).fetchall()
    finally:
        con.close()
    return [dict(r) for r in rows]


class PostmarkClient:
    def __init__(self, token, sender):
        self.token = token
        self.sender = sender

    def send(self, to, subject, text, attachments=None):
        payload = {"From": self.sender, "To": to, "Subject": subject,
                   "TextBody": text, "MessageStream": "outbound"}
        if attachments:
            payload["Attachments"] = attachments
        conn = http.client.HTTPSConnection(MAIL_HOST, timeout=20)
        try:
            conn.request("POST", "/email", body=json.dumps(payload), headers={
                "Accept": "application/json",
                "Content-Type": "application/json",
                "X-Postmark-Server-Token": self.token,
            })
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status != 200:
            raise RuntimeError(f"postmark {resp.status}: {body[:200]!r}")
        return json.loads(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="orders.db")
    ap.add_argument("--sender", default=os.environ.get("MAILER_FROM", "orders@hartley-memorials.co.uk"))
    ap.add_argument("--workshop", default="Hartley & Sons Memorial Masons")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("POSTMARK_TOKEN")
    if not token and not args.dry_run:
        LOG.error("POSTMARK_TOKEN is not set")
        return 2

    state = load_state()
    orders = changed_orders(args.db, state["last_run"])
    LOG.info("%d order(s) changed since %s", len(orders), state["last_run"])
    client = PostmarkClient(token, args.sender)

    sent = 0
    for order in orders:
        key = f"{order['ref']}:{order['status']}"
        if key in state["sent"] or order["status"] not in STATUS_TEXT:
            continue
        text = BODY.substitute(customer=order["name"], order_ref=order["ref"],
                               stone=order["stone"], cemetery=order["cemetery"],
                               status_text=STATUS_TEXT[order["status"]],
                               workshop=args.workshop)
        subject = f"Your memorial order {order['ref']}"
        if args.dry_run:
            print(f"--- to {order['email']}\n{text}")
            continue
        try:
            client.send(order["email"], subject, text)
        except (OSError, RuntimeError) as exc:
            LOG.error("%s: %s", order["ref"], exc)
            continue
        state["sent"].append(key)
        sent += 1

    if not args.dry_run:
        state["last_run"] = datetime.now(timezone.utc).isoformat()
        save_state(state)
    LOG.info("%d update(s) sent", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
