#!/usr/bin/env python3
"""Prepare reminder e-mails for members whose certifications or medicals
are about to expire. Messages are written to ./outbox as .eml files for
the secretary to review and send from the club mail client.
"""
import argparse
import csv
import datetime as dt
import logging
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional

log = logging.getLogger("cert-reminder")

CLUB_FROM = "secretary@deepsump-club.example"
TEMPLATES: Dict[str, Callable[["Member", dt.date], str]] = {}


def template(kind: str):
    def register(fn):
        TEMPLATES[kind] = fn
        return fn
    return register


@dataclass
class Member:
    name: str
    email: str
    kind: str
    expires: dt.date
    card: Optional[Path] = None

    @classmethod
    def from_row(cls, row: dict, cards: Path) -> "Member":
        card = cards / f"{row['member_id']}.png"
        return cls(name=row["name"], email=row["email"], kind=row["kind"],
                   expires=dt.date.fromisoformat(row["expires"]),
                   card=card if card.is_file() else None)


@template("cave")
def cave_text(m: Member, today: dt.date) -> str:
    days = (m.expires - today).days
    return (f"Hello {m.name},\n\nYour full cave certification on file lapses in {days} days "
            f"({m.expires:%d %B %Y}). Please send a copy of the renewed card so you stay "
            "on the trip lists.\n")


@template("medical")
def medical_text(m: Member, today: dt.date) -> str:
    return (f"Hello {m.name},\n\nYour diving medical expires on {m.expires:%d %B %Y}. "
            "Members without a current medical cannot join sump trips.\n")


@template("rebreather")
def ccr_text(m: Member, today: dt.date) -> str:
    return (f"Hello {m.name},\n\nYour CCR unit sign-off expires on {m.expires:%d %B %Y}. "
            "Book a refresher dive with the training officer.\n")


def os_label() -> str:
    release = Path("/etc/os-release")
    if release.exists():
        for line in release.read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    return "unknown"


def members(roster: Path, cards: Path) -> Iterator[Member]:
    with roster.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Member.from_row(row, cards)
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row.get("member_id"), exc)


def build(m: Member, today: dt.date) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = CLUB_FROM
    msg["To"] = m.email
    msg["Subject"] = f"Reminder: {m.kind} renewal due {m.expires:%d %b}"
    msg["X-Mailer"] = f"cert-reminder ({os_label()})"
    msg.set_content(TEMPLATES[m.kind](m, today))
    if m.card:
        msg.add_attachment(m.card.read_bytes(), maintype="image", subtype="png",
                           filename=m.card.name)
    return msg


def reset_outbox(outbox: Path):
    outbox.mkdir(exist_ok=True)
    for old in outbox.glob("*.eml"):
        old.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roster", type=Path)
    parser.add_argument("--cards", type=Path, default=Path("cards"))
    parser.add_argument("--outbox", type=Path, default=Path("outbox"))
    parser.add_argument("--window", type=int, default=45, help="days ahead")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    today = dt.date.today()
    horizon = today + dt.timedelta(days=args.window)
    reset_outbox(args.outbox)
    written: List[Path] = []
    for m in members(args.roster, args.cards):
        if m.kind not in TEMPLATES or not (today <= m.expires <= horizon):
            continue
        target = args.outbox / f"{m.expires:%Y%m%d}-{m.email.split('@')[0]}.eml"
        target.write_bytes(bytes(build(m, today)))
        target.chmod(0o600)
        written.append(target)
    log.info("%d reminders written to %s", len(written), args.outbox)


if __name__ == "__main__":
    main()
