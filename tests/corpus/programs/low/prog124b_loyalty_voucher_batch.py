#!/usr/bin/env python3
"""Issue loyalty vouchers to toy shop customers and mail them out.

Customers who crossed the points threshold in loyalty.csv get a voucher
code; the batch is recorded in vouchers_<date>.csv (so the till can redeem
them) and each customer receives an e-mail through the shop's transactional
mail provider (MAIL_API_KEY in the environment).
"""
import argparse
import csv
import datetime as dt
import logging
import os
import secrets
import string
import sys
import time

import requests

log = logging.getLogger("vouchers")
MAIL_API = os.environ.get("MAIL_API_URL", "https://api.postmark.example/v1/send")
ALPHABET = string.ascii_uppercase + string.digits
TEMPLATE = """Hello {first_name},

thank you for collecting {points} points at Puffer & Bricks!
Your voucher {code} is worth {value:.2f} EUR and is valid until {expires}.

See you in the shop,
the Puffer & Bricks team
"""


def voucher_code(prefix="PB"):
    body = "".join(secrets.choice(ALPHABET) for _ in range(10))
    return f"{prefix}-{body[:5]}-{body[5:]}"


def eligible(path, threshold):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                points = int(row["points"])
            except (KeyError, ValueError):
                continue
            if points >= threshold and row.get("email") and row.get("opt_in") == "1":
                yield row, points


def build_batch(rows, threshold, value_per_block, valid_days):
    expires = (dt.date.today() + dt.timedelta(days=valid_days)).isoformat()
    for row, points in rows:
        blocks = points // threshold
        yield {"customer_id": row["customer_id"], "email": row["email"],
               "first_name": row.get("first_name", "").strip() or "collector",
               "points": points, "code": voucher_code(),
               "value": blocks * value_per_block, "expires": expires}


def send_mail(session, voucher, sender, retries=3):
    body = {"From": sender, "To": voucher["email"],
            "Subject": "Your Puffer & Bricks voucher",
            "TextBody": TEMPLATE.format(**voucher), "Tag": "loyalty"}
    for attempt in range(retries):
        try:
            r = session.post(MAIL_API, json=body, timeout=20)
            if r.status_code == 429:
                time.sleep(5 * (attempt + 1))
                continue
            r.raise_for_status()
            return True
        except requests.RequestException as exc:
            log.warning("mail to %s failed: %s", voucher["email"], exc)
            time.sleep(2)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loyalty", default="loyalty.csv")
    ap.add_argument("--threshold", type=int, default=500)
    ap.add_argument("--value", type=float, default=5.0)
    ap.add_argument("--valid-days", type=int, default=90)
    ap.add_argument("--sender", default="shop@pufferbricks.example")
    ap.add_argument("--no-mail", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        batch = list(build_batch(eligible(args.loyalty, args.threshold),
                                 args.threshold, args.value, args.valid_days))
    except FileNotFoundError:
        log.error("%s not found", args.loyalty)
        return 2
    out = f"vouchers_{dt.date.today():%Y%m%d}.csv"
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["customer_id", "email", "first_name",
                                           "points", "code", "value", "expires"])
        w.writeheader()
        w.writerows(batch)
    log.info("%d vouchers recorded in %s", len(batch), out)
    if args.no_mail or not batch:
        return 0

    key = os.environ.get("MAIL_API_KEY")
    if not key:
        log.error("MAIL_API_KEY not set; vouchers recorded but not mailed")
        return 3
    session = requests.Session()
    session.headers.update({"X-Server-Token": key, "Accept": "application/json"})
    sent = sum(send_mail(session, v, args.sender) for v in batch)
    log.info("mailed %d/%d vouchers", sent, len(batch))
    return 0 if sent == len(batch) else 1


if __name__ == "__main__":
    sys.exit(main())
