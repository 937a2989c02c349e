#!/usr/bin/env python3
"""Render per-match server configs from the tournament config.

tournament.yaml holds the ruleset (overtime, knife round, pause limits),
the map pool and the match list; templates/ holds Jinja templates for
server.cfg, the get5/MatchZy match JSON and the caster notes sheet. Output
goes to rendered/<match_id>/.

    match_config_render.py                       # all matches
    match_config_render.py --match gf-1 --check  # render one, validate only
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError

log = logging.getLogger("cfg-render")

TEMPLATES = {
    "server.cfg.j2": "cfg/server.cfg",
    "match.json.j2": "match.json",
    "caster_notes.html.j2": "caster_notes.html",
}


class TournamentConfig:
    loader = yaml.Loader  # tournament files use anchors and !include-style tags

    def __init__(self, path):
        self.path = Path(path)
        with self.path.open(encoding="utf-8") as fh:
            self.data = yaml.load(fh, Loader=self.loader)
        self.ruleset = self.data.get("ruleset", {})
        self.pool = self.data.get("map_pool", [])
        self.matches = {m["id"]: m for m in self.data.get("matches", [])}

    def context_for(self, match_id):
        m = self.matches[match_id]
        maps = m.get("maps") or self.pool[: m.get("best_of", 1)]
        unknown = [x for x in maps if x not in self.pool]
        if unknown:
            raise ValueError(f"{match_id}: maps not in pool: {unknown}")
        return {
            "event": self.data.get("event", "LAN"),
            "match": m,
            "maps": maps,
            "rules": {**self.ruleset, **m.get("rules", {})},
            "teams": [m["team1"], m["team2"]],
        }


def make_env(template_dir):
    env = Environment(
        loader=FileSystemLoader(str(template_dir)),
        autoescape=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["tojson_compact"] = lambda v: json.dumps(v, separators=(",", ":"))
    return env


def render_match(env, cfg, match_id, out_root, check_only):
    ctx = cfg.context_for(match_id)
    written = 0
    for tpl_name, rel_out in TEMPLATES.items():
        text = env.get_template(tpl_name).render(**ctx)
        if rel_out.endswith(".json"):
            json.loads(text)  # fail early on template mistakes
        if check_only:
            continue
        target = out_root / match_id / rel_out
        target.parent.mkdir(parents=True, exist_ok=True)
        digest = hashlib.md5(text.encode()).hexdigest()
        if target.exists() and hashlib.md5(target.read_bytes()).hexdigest() == digest:
            continue
        target.write_text(text, encoding="utf-8")
        written += 1
    return written


def main():
    ap = argparse.ArgumentParser(description="render per-match configs")
    ap.add_argument("--config", default="tournament.yaml")
    ap.add_argument("--templates", default="templates", type=Path)
    ap.add_argument("--out", default="rendered", type=Path)
    ap.add_argument("--match", action="append", help="only these match ids")
    ap.add_argument("--check", action="store_true", help="validate without writing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = TournamentConfig(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.config, exc)
        return 1

    env = make_env(args.templates)
    ids = args.match or sorted(cfg.matches)
    failures = 0
    for match_id in ids:
        if match_id not in cfg.matches:
            log.error("unknown match %s", match_id)
            failures += 1
            continue
        try:
            n = render_match(env, cfg, match_id, args.out, args.check)
            log.info("%s: %s", match_id, "ok" if args.check else f"{n} files updated")
        except (TemplateError, ValueError, KeyError) as exc:
            log.error("%s: %s", match_id, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
