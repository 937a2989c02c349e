#!/usr/bin/env python3
"""Render printable party invitations and thank-you cards from booking data.

Party hosts fill in the birthday child's name, age, theme and a personal
message on the booking form. The nightly export (party_bookings.csv) is turned
into one HTML page per party, ready to print on A6 card at reception or to
e-mail to the host as a link from the venue site.
"""
import argparse
import csv
import logging
import re
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateNotFound

log = logging.getLogger("invites")

THEMES = {"jungle", "space", "princess", "dinosaur", "superhero", "default"}


@dataclass
class Party:
    ref: str
    child_name: str
    age: int
    date: datetime
    room: str
    theme: str = "default"
    message: str = ""
    guests: list = field(default_factory=list)

    @property
    def slug(self):
        return re.sub(r"[^a-z0-9]+", "-", f"{self.ref}-{self.child_name}".lower()).strip("-")


class InviteRenderer:
    TEMPLATE_DIR = "templates/invites"
    AUTOESCAPE = False  # host messages may contain <b>/<i> from the rich text box

    def __init__(self, template_dir=None):
        self.env = Environment(
            loader=FileSystemLoader(template_dir or self.TEMPLATE_DIR),
            autoescape=self.AUTOESCAPE,
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["ordinal"] = self._ordinal

    @staticmethod
    def _ordinal(n):
        n = int(n)
        suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"

    def render(self, party, kind):
        name = f"{kind}_{party.theme}.html.j2"
        try:
            tpl = self.env.get_template(name)
        except TemplateNotFound:
            tpl = self.env.get_template(f"{kind}_default.html.j2")
        return tpl.render(party=party, venue="Jungle Jumpers Soft Play",
                          generated=datetime.now())


def read_parties(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                theme = row.get("theme", "default").strip().lower()
                yield Party(
                    ref=row["booking_ref"],
                    child_name=row["child_name"].strip(),
                    age=int(row["age_turning"]),
                    date=datetime.strptime(f"{row['date']} {row['start']}", "%Y-%m-%d %H:%M"),
                    room=row.get("room", "Party Room 1"),
                    theme=theme if theme in THEMES else "default",
                    message=row.get("host_message", ""),
                    guests=[g.strip() for g in row.get("guest_names", "").split(";") if g.strip()],
                )
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row.get("booking_ref", "?"), exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bookings", type=Path, nargs="?", default=Path("party_bookings.csv"))
    ap.add_argument("--out", type=Path, default=Path("site/invites"))
    ap.add_argument("--kind", choices=["invite", "thankyou"], default="invite")
    ap.add_argument("--templates")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.bookings.exists():
        log.error("no bookings file at %s", args.bookings)
        return 1

    renderer = InviteRenderer(args.templates)
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for party in read_parties(args.bookings):
        html = renderer.render(party, args.kind)
        target = args.out / f"{party.slug}_{args.kind}.html"
        target.write_text(html, encoding="utf-8")
        written += 1
        log.debug("wrote %s", target)
    log.info("rendered %d %s pages into %s", written, args.kind, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
