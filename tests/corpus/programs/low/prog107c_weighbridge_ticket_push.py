#!/usr/bin/env python3
"""Push completed weighbridge tickets to the head-office yard management API.

The weighbridge indicator software drops one CSV export per shift into
./tickets/outbox.  Each ticket is posted as JSON to the YMS endpoint and the
export is moved to ./tickets/sent once every row has been accepted.

Environment:
    YMS_API_KEY   bearer token issued by head office (required)
    YMS_API_URL   override the ticket endpoint
    YMS_SITE_CODE site identifier, e.g. "NW-03"
"""
import argparse
import csv
import logging
import os
import shutil
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import requests

LOG = logging.getLogger("wb-push")
DEFAULT_API = "https://yms.example.com/api/v2/tickets"


@dataclass
class Ticket:
    ticket_no: str
    plate: str
    customer: str
    grade: str
    gross_kg: float
    tare_kg: float
    weighed_at: str

    @property
    def net_kg(self) -> float:
        return round(self.gross_kg - self.tare_kg, 1)

    def payload(self, site: str) -> dict:
        body = asdict(self)
        body["net_kg"] = self.net_kg
        body["site"] = site
        return body


def read_tickets(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Ticket(
                    ticket_no=row["TicketNo"].strip(),
                    plate=row["Registration"].replace(" ", "").upper(),
                    customer=row["Account"].strip(),
                    grade=row["Grade"].strip(),
                    gross_kg=float(row["Gross"]),
                    tare_kg=float(row["Tare"]),
                    weighed_at=row["Timestamp"].strip(),
                )
            except (KeyError, ValueError) as exc:
                LOG.warning("%s: skipping malformed row (%s)", path.name, exc)


class TicketClient:
    def __init__(self, base_url: str, api_key: str, timeout: float = 15.0):
        self.base_url = base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "wb-push/1.4",
        })

    def send(self, body: dict, attempts: int = 3) -> bool:
        for attempt in range(1, attempts + 1):
            try:
                resp = self.session.post(self.base_url, json=body, timeout=self.timeout)
                if resp.status_code == 409:
                    LOG.info("ticket %s already on server", body["ticket_no"])
                    return True
                resp.raise_for_status()
                return True
            except requests.RequestException as exc:
                LOG.warning("attempt %d for ticket %s failed: %s",
                            attempt, body["ticket_no"], exc)
                time.sleep(2 ** attempt)
        return False


def process_outbox(client: TicketClient, outbox: Path, sent: Path,
                   site: str, dry_run: bool) -> int:
    failures = 0
    for export in sorted(outbox.glob("*.csv")):
        ok = True
        count = 0
        for ticket in read_tickets(export):
            count += 1
            if ticket.net_kg <= 0:
                LOG.warning("ticket %s has non-positive net weight, sending anyway",
                            ticket.ticket_no)
            if dry_run:
                LOG.info("[dry-run] %s %s %.1f kg", ticket.ticket_no, ticket.grade, ticket.net_kg)
                continue
            if not client.send(ticket.payload(site)):
                ok = False
                failures += 1
        if ok and not dry_run:
            shutil.move(str(export), sent / export.name)
            LOG.info("%s: %d tickets sent, export archived", export.name, count)
    return failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path("tickets"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("YMS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("YMS_API_KEY is not set")
        return 2

    outbox, sent = args.root / "outbox", args.root / "sent"
    outbox.mkdir(parents=True, exist_ok=True)
    sent.mkdir(parents=True, exist_ok=True)

    client = TicketClient(os.environ.get("YMS_API_URL", DEFAULT_API), api_key or "")
    site = os.environ.get("YMS_SITE_CODE", "UNSET")
    failures = process_outbox(client, outbox, sent, site, args.dry_run)
    if failures:
        LOG.error("%d tickets could not be delivered; exports left in outbox", failures)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
