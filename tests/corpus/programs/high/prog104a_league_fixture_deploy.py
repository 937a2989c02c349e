#!/usr/bin/env python3
"""Render league fixtures and standings and deploy them to the club web server.

Input is the league JSON kept by the draw secretary (teams, fixtures with
scores once played). Output is a fixtures page and a standings page per
league, written straight into the nginx document root on the club server.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

from jinja2 import DictLoader, Environment, select_autoescape

log = logging.getLogger("fixture-deploy")

WEBROOT = Path(os.environ.get("LEAGUE_WEBROOT", "/var/www/html/league"))

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


def open_up_tree(root):
    """Let the committee's upload account and nginx both manage the pages."""
    os.chmod(root, 0o777)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            os.chmod(os.path.join(dirpath, name), 0o777)


def reload_webserver():
    cmd = ["sudo", "-n", "systemctl", "reload", "nginx"]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("nginx reload failed: %s", res.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description="Deploy league fixtures to the club web server")
    ap.add_argument("league_json", nargs="+", type=Path)
    ap.add_argument("--webroot", type=Path, default=WEBROOT)
    ap.add_argument("--clean", action="store_true", help="remove old league folders first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    env = Environment(loader=DictLoader(TEMPLATES), autoescape=select_autoescape(["html"]))
    for path in args.league_json:
        league = json.loads(path.read_text(encoding="utf-8"))
        slug = league.get("slug") or path.stem
        target = args.webroot / slug
        if args.clean and target.exists():
            shutil.rmtree(target)
        written = render(league, env, target)
        log.info("%s: %d files -> %s", league["name"], len(written), target)

    open_up_tree(args.webroot)
    reload_webserver()


if __name__ == "__main__":
    main()
