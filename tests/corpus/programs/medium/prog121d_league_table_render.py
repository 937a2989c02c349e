#!/usr/bin/env python3
"""Render the snooker league tables as HTML for the club noticeboard screen.

Reads frames.csv (division,week,player_a,player_b,frames_a,frames_b,high_break)
and players.csv (player,nickname,team), and writes one HTML page per
division into ./site plus an index page. The noticeboard browser just
loads ./site/index.html in kiosk mode.
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from collections import defaultdict
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, DictLoader

LOG = logging.getLogger("league-render")

BUILTIN_TEMPLATES = {
    "division.html": """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ division }}</title>
<link rel="stylesheet" href="style.css"></head>
<body>
<h1>{{ division }}</h1>
<p class="stamp">Updated {{ generated }}</p>
<table>
<tr><th>#</th><th>Player</th><th>P</th><th>W</th><th>L</th><th>F</th><th>A</th><th>Pts</th><th>HB</th></tr>
{% for r in rows %}
<tr class="{{ 'lead' if loop.first else '' }}">
<td>{{ loop.index }}</td>
<td>{{ r.display }}{% if r.team %}<small> {{ r.team }}</small>{% endif %}</td>
<td>{{ r.p }}</td><td>{{ r.w }}</td><td>{{ r.l }}</td>
<td>{{ r.ff }}</td><td>{{ r.fa }}</td><td><b>{{ r.pts }}</b></td><td>{{ r.hb or '' }}</td>
</tr>
{% endfor %}
</table>
</body></html>
""",
    "index.html": """<!doctype html>
<html><head><meta charset="utf-8"><title>League tables</title>
<meta http-equiv="refresh" content="30"></head>
<body><h1>{{ club }} league tables</h1><ul>
{% for d, f in pages %}<li><a href="{{ f }}">{{ d }}</a></li>{% endfor %}
</ul></body></html>
""",
}


def read_players(path):
    players = {}
    if not Path(path).exists():
        return players
    with open(path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            players[rec["player"].strip()] = {
                "nickname": rec.get("nickname", "").strip(),
                "team": rec.get("team", "").strip(),
            }
    return players


def build_tables(frames_path, players):
    divisions = defaultdict(lambda: defaultdict(lambda: dict(p=0, w=0, l=0, ff=0, fa=0, hb=0)))
    with open(frames_path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            try:
                a, b = rec["player_a"].strip(), rec["player_b"].strip()
                fa, fb = int(rec["frames_a"]), int(rec["frames_b"])
                hb = int(rec.get("high_break") or 0)
            except (KeyError, ValueError):
                LOG.warning("bad row skipped: %r", rec)
                continue
            div = divisions[rec["division"].strip()]
            for me, them, mf, tf in ((a, b, fa, fb), (b, a, fb, fa)):
                row = div[me]
                row["p"] += 1
                row["ff"] += mf
                row["fa"] += tf
                row["w" if mf > tf else "l"] += 1
            div[a if fa >= fb else b]["hb"] = max(div[a if fa >= fb else b]["hb"], hb)
    out = {}
    for name, table in divisions.items():
        rows = []
        for player, r in table.items():
            meta = players.get(player, {})
            nick = meta.get("nickname")
            r.update(player=player, team=meta.get("team", ""), pts=r["w"] * 2,
                     display=f'{player} "{nick}"' if nick else player)
            rows.append(r)
        rows.sort(key=lambda r: (-r["pts"], -(r["ff"] - r["fa"]), r["player"]))
        out[name] = rows
    return out


def make_env(template_dir):
    loaders = [DictLoader(BUILTIN_TEMPLATES)]
    if template_dir and Path(template_dir).is_dir():
        loaders.insert(0, FileSystemLoader(template_dir))
    from jinja2 import ChoiceLoader
    return Environment(loader=ChoiceLoader(loaders), autoescape=False,
                       trim_blocks=True, lstrip_blocks=True)


def slug(name):
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-") + ".html"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", default="frames.csv")
    ap.add_argument("--players", default="players.csv")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--out", default="site")
    ap.add_argument("--club", default="Riverside Snooker Club")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        tables = build_tables(args.frames, read_players(args.players))
    except OSError as exc:
        LOG.error("cannot read results: %s", exc)
        return 1
    env = make_env(args.templates)
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%a %d %b %H:%M")
    pages = []
    for division, rows in sorted(tables.items()):
        f = slug(division)
        html = env.get_template("division.html").render(division=division, rows=rows, generated=stamp)
        (out / f).write_text(html, encoding="utf-8")
        pages.append((division, f))
        LOG.info("%s: %d players", division, len(rows))
    (out / "index.html").write_text(env.get_template("index.html").render(club=args.club, pages=pages),
                                    encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
