#!/usr/bin/env python3
"""Nightly warranty claim export.

Collects yesterday's closed repair tickets that were done under a
manufacturer or insurer warranty, writes them in the partner's claim CSV
layout and drops the file on the partner's claims server.  Connection
details live in claims_export.ini; the password comes from the environment.
"""

import argparse
import configparser
import csv
import ftplib
import io
import json
import logging
import os
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("claims-export")

CLAIM_FIELDS = [
    "claim_ref", "ticket_id", "imei", "model", "fault_code",
    "parts_used", "labour_minutes", "closed_at", "technician",
]


def iter_closed_tickets(ticket_dir: Path, day: date):
    for path in sorted(ticket_dir.glob("*.json")):
        try:
            t = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        if t.get("status") != "closed" or not t.get("warranty_partner"):
            continue
        closed = datetime.fromisoformat(t["closed_at"]).date()
        if closed == day:
            yield t


def to_claim_row(ticket: dict) -> dict:
    return {
        "claim_ref": ticket.get("warranty_ref", ""),
        "ticket_id": ticket["id"],
        "imei": ticket.get("imei", ""),
        "model": ticket.get("model", ""),
        "fault_code": ticket.get("fault_code", "GEN"),
        "parts_used": ";".join(p["sku"] for p in ticket.get("parts", [])),
        "labour_minutes": ticket.get("labour_minutes", 0),
        "closed_at": ticket["closed_at"],
        "technician": ticket.get("technician", ""),
    }


def build_csv(rows) -> bytes:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CLAIM_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")


class ClaimsDrop:
    def __init__(self, host, user, password, remote_dir, port=21):
        self.host, self.port = host, port
        self.user, self.password = user, password
        self.remote_dir = remote_dir

    def upload(self, name: str, payload: bytes, attempts: int = 3):
        last = None
        for n in range(1, attempts + 1):
            try:
                with ftplib.FTP() as ftp:
                    ftp.connect(self.host, self.port, timeout=30)
                    ftp.login(self.user, self.password)
                    ftp.set_pasv(True)
                    ftp.cwd(self.remote_dir)
                    ftp.storbinary(f"STOR {name}.part", io.BytesIO(payload))
                    ftp.rename(f"{name}.part", name)
                return
            except ftplib.all_errors as exc:
                last = exc
                log.warning("upload attempt %d failed: %s", n, exc)
        raise RuntimeError(f"could not upload {name}: {last}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="claims_export.ini")
    ap.add_argument("--day", help="YYYY-MM-DD (default: yesterday)")
    ap.add_argument("--tickets", type=Path, default=Path("tickets"))
    ap.add_argument("--keep-local", action="store_true", help="also write the CSV to ./exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    day = date.fromisoformat(args.day) if args.day else date.today() - timedelta(days=1)
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    partner = cfg["partner"]

    rows = [to_claim_row(t) for t in iter_closed_tickets(args.tickets, day)]
    if not rows:
        log.info("no warranty tickets closed on %s", day)
        return 0
    payload = build_csv(rows)
    name = f"{partner.get('shop_code', 'SHOP')}_{day:%Y%m%d}_claims.csv"

    if args.keep_local:
        out = Path("exports")
        out.mkdir(exist_ok=True)
        (out / name).write_bytes(payload)

    drop = ClaimsDrop(partner["host"], partner["user"],
                      os.environ.get("CLAIMS_FTP_PASSWORD", ""),
                      partner.get("remote_dir", "/incoming"),
                      partner.getint("port", 21))
    try:
        drop.upload(name, payload)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("uploaded %s (%d claims)", name, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
