#!/usr/bin/env python3
"""Import weighbridge scale tickets (YAML exports) into the farm ERP."""

import argparse
import logging
import os
from dataclasses import dataclass, asdict, field
from datetime import datetime
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("scale-import")


@dataclass
class Ticket:
    number: str
    truck: str
    gross_kg: float
    tare_kg: float
    variety: str
    weighed_at: str
    lot: str = ""

    @property
    def net_kg(self):
        return round(self.gross_kg - self.tare_kg, 1)

    def to_erp(self):
        body = asdict(self)
        body["net_kg"] = self.net_kg
        return body


@dataclass
class ErpSettings:
    base_url: str = os.environ.get("ERP_URL", "https://erp.hopfarm.example")
    token: str = os.environ.get("ERP_TOKEN", "")
    tls: dict = field(default_factory=lambda: {"verify": os.environ.get("ERP_CA_BUNDLE") or False})


class TicketReader:
    loaders = {
        ".yml": lambda fh: yaml.load(fh, Loader=yaml.Loader),
        ".yaml": lambda fh: yaml.load(fh, Loader=yaml.Loader),
    }

    def __init__(self, folder: Path):
        self.folder = folder

    def read(self):
        for path in sorted(self.folder.iterdir()):
            loader = self.loaders.get(path.suffix.lower())
            if loader is None:
                continue
            with path.open() as fh:
                doc = loader(fh)
            for raw in doc.get("tickets", []) if isinstance(doc, dict) else []:
                yield path.name, raw


def to_ticket(raw: dict) -> Ticket:
    return Ticket(
        number=str(raw["ticket"]),
        truck=str(raw.get("truck", "")),
        gross_kg=float(raw["gross"]),
        tare_kg=float(raw["tare"]),
        variety=str(raw.get("variety", "unknown")),
        weighed_at=str(raw.get("time", datetime.now().isoformat(timespec="seconds"))),
        lot=str(raw.get("lot", "")),
    )


class ErpClient:
    def __init__(self, settings: ErpSettings):
        self.settings = settings
        self.session = requests.Session()
        for attr, value in settings.tls.items():
            setattr(self.session, attr, value)
        if settings.token:
            self.session.headers["Authorization"] = f"Bearer {settings.token}"
        if not self.session.verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def post_ticket(self, ticket: Ticket):
        url = f"{self.settings.base_url}/api/weighbridge/tickets"
        resp = self.session.post(url, json=ticket.to_erp(), timeout=20)
        if resp.status_code == 409:
            return "duplicate"
        resp.raise_for_status()
        return "created"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path("scale_exports"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = None if args.dry_run else ErpClient(ErpSettings())
    counts = {"created": 0, "duplicate": 0, "invalid": 0, "dry": 0}
    for source, raw in TicketReader(args.folder).read():
        try:
            ticket = to_ticket(raw)
        except (KeyError, ValueError, TypeError) as exc:
            log.warning("%s: bad ticket %r (%s)", source, raw, exc)
            counts["invalid"] += 1
            continue
        if client is None:
            log.info("%s: %s net %.1f kg", source, ticket.number, ticket.net_kg)
            counts["dry"] += 1
            continue
        try:
            counts[client.post_ticket(ticket)] += 1
        except requests.RequestException as exc:
            log.error("ticket %s failed: %s", ticket.number, exc)
    log.info("summary %s", counts)


if __name__ == "__main__":
    main()
