#!/usr/bin/env python3
"""Build the members-only directory pages for the allotment society.

Reads the membership spreadsheet export, keeps only members who ticked
"list me in the directory", fetches their Gravatar (if any) and writes a
static HTML directory plus one vCard per member into ./site.

    python3 member_directory_builder.py members.csv [--out site] [--no-avatars]
"""
import argparse
import csv
import hashlib
import html
import logging
import os
import sys
from pathlib import Path
from string import Template

import requests

log = logging.getLogger("directory")

CACHE_DIR = Path(".avatar-cache")
AVATAR_URL = "https://www.gravatar.com/avatar/{}?s=96&d=404"

PAGE = Template("""<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Member directory</title>
<link rel="stylesheet" href="directory.css">
<h1>Member directory</h1>
<p class="note">For members only - please do not share. Updated $updated.</p>
<ul class="members">
$cards
</ul>
</html>
""")

CARD = Template("""  <li class="member">
    $avatar
    <h2>$name</h2>
    <p class="plot">Plot $plot</p>
    <p><a href="mailto:$email">$email</a> $phone</p>
    <p><a href="vcards/$slug.vcf">Add to contacts</a></p>
  </li>""")


def truthy(v):
    return str(v).strip().lower() in {"y", "yes", "true", "1", "x"}


def read_members(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if not truthy(row.get("list_in_directory", "")):
                continue
            yield {k: (v or "").strip() for k, v in row.items()}


def avatar_for(email, session):
    key = hashlib.md5(email.strip().lower().encode()).hexdigest()
    cached = CACHE_DIR / ("%s.jpg" % key)
    missing = CACHE_DIR / ("%s.none" % key)
    if cached.exists():
        return cached
    if missing.exists():
        return None
    try:
        r = session.get(AVATAR_URL.format(key), timeout=10)
    except requests.RequestException as exc:
        log.debug("avatar fetch failed for %s: %s", email, exc)
        return None
    if r.status_code == 200:
        cached.write_bytes(r.content)
        return cached
    missing.touch()
    return None


def vcard(m):
    first, _, last = m["name"].partition(" ")
    lines = ["BEGIN:VCARD", "VERSION:3.0",
             "N:%s;%s;;;" % (last, first), "FN:%s" % m["name"],
             "EMAIL;TYPE=INTERNET:%s" % m["email"]]
    if m.get("phone"):
        lines.append("TEL;TYPE=CELL:%s" % m["phone"])
    lines += ["ORG:Hillside Allotment Society", "NOTE:Plot %s" % m.get("plot", "?"), "END:VCARD"]
    return "\r\n".join(lines) + "\r\n"


def slugify(name):
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


def build(members, out, fetch_avatars, updated):
    (out / "vcards").mkdir(parents=True, exist_ok=True)
    (out / "avatars").mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = "allotment-directory/1.4"
    cards = []
    for m in sorted(members, key=lambda m: m["name"].split()[-1].lower()):
        slug = slugify(m["name"])
        img = '<div class="avatar blank"></div>'
        if fetch_avatars and m.get("email"):
            src = avatar_for(m["email"], session)
            if src:
                (out / "avatars" / src.name).write_bytes(src.read_bytes())
                img = '<img class="avatar" src="avatars/%s" alt="">' % src.name
        (out / "vcards" / ("%s.vcf" % slug)).write_text(vcard(m), encoding="utf-8")
        cards.append(CARD.substitute(
            avatar=img, slug=slug,
            name=html.escape(m["name"]), plot=html.escape(m.get("plot", "?")),
            email=html.escape(m["email"]), phone=html.escape(m.get("phone", "")),
        ))
    index = out / "index.html"
    index.write_text(PAGE.substitute(cards="\n".join(cards), updated=updated), encoding="utf-8")
    os.chmod(index, 0o600)
    return len(cards)


def main():
    ap = argparse.ArgumentParser(description="build the member directory")
    ap.add_argument("csv", help="membership export")
    ap.add_argument("--out", default="site")
    ap.add_argument("--no-avatars", dest="avatars", action="store_false")
    ap.add_argument("--updated", default=None, help="date shown on the page")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        members = list(read_members(args.csv))
    except (OSError, csv.Error) as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    from datetime import date
    n = build(members, Path(args.out), args.avatars, args.updated or date.today().isoformat())
    log.info("wrote %d members to %s/index.html", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
