#!/usr/bin/env python3
"""Render league fixtures and standings into a static site folder.

Input is the league JSON kept by the draw secretary (teams, fixtures with
scores once played). Output is a fixtures page and a standings page per
league under ./public, ready for the club's hosting provider to pick up.
"""
import argparse
import hashlib
import html
import json
import logging
import shutil
from collections import defaultdict
from pathlib import Path

from jinja2 import DictLoader, Environment, select_autoescape

log = logging.getLogger("fixture-site")

TEMPLATES = {
    "base.html": """<!doctype html><html><head><meta charset="utf-8">
<title>{{ league }} - {{ title }}</title><link rel="stylesheet" href="{{ css }}"></head>
<body><h1>{{ league }}</h1><nav><a href="fixtures.html">Fixtures</a> | <a href="standings.html">Standings</a></nav>
{% block body %}{% endblock %}</body></html>""",
    "fixtures.html": """{% extends "base.html" %}{% block body %}<table>
<tr><th>Draw</th><th>Sheet</th><th>Home</th><th></th><th>Away</th></tr>
{% for f in fixtures %}<tr><td>{{ f.draw }}</td><td>{{ f.sheet }}</td><td>{{ f.home }}</td>
<td>{% if f.played %}{{ f.home_score }} - {{ f.away_score }}{% else %}v{% endif %}</td><td>{{ f.away }}</td></tr>
{% endfor %}</table>{% endblock %}""",
    "standings.html": """{% extends "base.html" %}{% block body %}<table>
<tr><th>Team</th><th>P</th><th>W</th><th>L</th><th>T</th><th>Pts</th><th>Ends</th></tr>
{% for t in table %}<tr><td>{{ t.team }}</td><td>{{ t.p }}</td><td>{{ t.w }}</td><td>{{ t.l }}</td>
<td>{{ t.t }}</td><td>{{ t.pts }}</td><td>{{ t.ends }}</td></tr>{% endfor %}</table>{% endblock %}""",
}

CSS = "table{border-collapse:collapse}td,th{padding:.3em .8em;border-bottom:1px solid #ccd}"


def standings(fixtures):
    rows = defaultdict(lambda: {"p": 0, "w": 0, "l": 0, "t": 0, "pts": 0, "ends": 0})
    for f in fixtures:
        if not f.get("played"):
            continue
        h, a = rows[f["home"]], rows[f["away"]]
        h["p"] += 1
        a["p"] += 1
        h["ends"] += f.get("home_ends", 0)
        a["ends"] += f.get("away_ends", 0)
        if f["home_score"] > f["away_score"]:
            h["w"] += 1; a["l"] += 1; h["pts"] += 2
        elif f["home_score"] < f["away_score"]:
            a["w"] += 1; h["l"] += 1; a["pts"] += 2
        else:
            h["t"] += 1; a["t"] += 1; h["pts"] += 1; a["pts"] += 1
    table = [dict(team=k, **v) for k, v in rows.items()]
    return sorted(table, key=lambda r: (-r["pts"], -r["w"], -r["ends"], r["team"]))


def render(league, env, out_dir):
    css_name = "league-%s.css" % hashlib.md5(CSS.encode()).hexdigest()[:8]
    ctx = {"league": league["name"], "css": css_name}
    pages = {
        "fixtures.html": env.get_template("fixtures.html").render(
            title="Fixtures", fixtures=league["fixtures"], **ctx),
        "standings.html": env.get_template("standings.html").render(
            title="Standings", table=standings(league["fixtures"]), **ctx),
        css_name: CSS,
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, body in pages.items():
        (out_dir / name).write_text(body, encoding="utf-8")
    return list(pages)


def write_index(site_root, leagues):
    links = "\n".join(f'<li><a href="{html.escape(slug)}/fixtures.html">{html.escape(name)}</a></li>' for slug, name in leagues)
    (site_root / "index.html").write_text(
        f"<!doctype html><html><body><h1>Leagues</h1><ul>{links}</ul></body></html>",
        encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="Build the static league fixtures site")
    ap.add_argument("league_json", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--clean", action="store_true", help="remove the old build first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and args.out.exists():
        shutil.rmtree(args.out)
    env = Environment(loader=DictLoader(TEMPLATES), autoescape=select_autoescape(["html"]))
    built = []
    for path in args.league_json:
        league = json.loads(path.read_text(encoding="utf-8"))
        slug = league.get("slug") or path.stem
        written = render(league, env, args.out / slug)
        built.append((slug, league["name"]))
        log.info("%s: %d files -> %s", league["name"], len(written), args.out / slug)

    args.out.mkdir(parents=True, exist_ok=True)
    write_index(args.out, built)
    log.info("site ready in %s (open index.html to preview)", args.out)


if __name__ == "__main__":
    main()
