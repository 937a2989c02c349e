#!/usr/bin/env python3
"""Email consignor statements after a sale has been settled.

Builds one plain-text statement per consignor from the settlement CSV and
sends it through the transactional mail API.  A copy of every statement is
kept under ./statements/<sale>/ for the accounts team.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path
from string import Template

log = logging.getLogger("statement_mailer")

MAIL_API = os.environ.get("MAIL_API_URL", "https://api.postmarkapp.com/email")
SENDER = os.environ.get("STATEMENT_SENDER", "accounts@hollisgate-auctions.co.uk")

STATEMENT = Template("""\
Dear $name,

Statement for sale $sale ($sale_date)

$lines
Hammer total:      £$hammer
Seller's commission: £$commission
Lot fees:          £$fees
Amount due to you: £$net

Payment will be made by bank transfer within 35 days of the sale.

Hollisgate Auctions - Accounts
""")


def money(value):
    return Decimal(value or "0").quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def group_by_consignor(csv_path):
    groups = defaultdict(list)
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            groups[row["consignor_id"]].append(row)
    return groups


def render(rows, sale, sale_date):
    first = rows[0]
    hammer = sum(money(r["hammer"]) for r in rows)
    commission = sum(money(r["commission"]) for r in rows)
    fees = sum(money(r.get("lot_fee")) for r in rows)
    lines = "".join(f"  Lot {r['lot']:>5}  {r['title'][:40]:<40} £{money(r['hammer']):>10}\n"
                    for r in rows)
    body = STATEMENT.substitute(
        name=first["consignor_name"], sale=sale, sale_date=sale_date, lines=lines,
        hammer=hammer, commission=commission, fees=fees,
        net=hammer - commission - fees,
    )
    return first["consignor_email"], body


def send(token, to, subject, body, retries=3):
    payload = json.dumps({"From": SENDER, "To": to, "Subject": subject,
                          "TextBody": body, "MessageStream": "outbound"}).encode()
    req = urllib.request.Request(MAIL_API, data=payload, method="POST", headers={
        "Accept": "application/json",
        "Content-Type": "application/json",
        "X-Postmark-Server-Token": token,
    })
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.load(resp).get("MessageID")
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                raise
            log.warning("mail API %s, attempt %d", exc.code, attempt)
        except urllib.error.URLError as exc:
            log.warning("mail API unreachable (%s), attempt %d", exc.reason, attempt)
        time.sleep(attempt * 2)
    raise RuntimeError(f"giving up on {to}")


def keep_copy(outdir, consignor_id, body):
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / f"{consignor_id}.txt"
    path.write_text(body, encoding="utf-8")
    os.chmod(path, 0o600)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("settlement_csv")
    ap.add_argument("--sale", required=True)
    ap.add_argument("--sale-date", required=True)
    ap.add_argument("--only", help="send to a single consignor id")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("POSTMARK_SERVER_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_SERVER_TOKEN not set")
        return 2

    outdir = Path("statements") / args.sale
    sent = failed = 0
    for cid, rows in sorted(group_by_consignor(args.settlement_csv).items()):
        if args.only and cid != args.only:
            continue
        to, body = render(rows, args.sale, args.sale_date)
        keep_copy(outdir, cid, body)
        if args.dry_run:
            log.info("would mail %s (%d lots)", to, len(rows))
            continue
        try:
            msg_id = send(token, to, f"Your statement for sale {args.sale}", body)
            log.info("sent %s -> %s", cid, msg_id)
            sent += 1
        except (urllib.error.HTTPError, RuntimeError) as exc:
            log.error("could not mail %s: %s", cid, exc)
            failed += 1
    log.info("%d sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
