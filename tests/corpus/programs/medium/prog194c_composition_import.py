#!/usr/bin/env python3
"""Import touch and composition files for the practice-night planner.

Compositions come either as YAML files e-mailed by the district's
composition secretary or from the district's composition library, whose
server still has a self-signed certificate.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("comp-import")

LIBRARY = os.environ.get("COMP_LIBRARY", "https://compositions.district-guild.example.org/api/compositions")
OUT_DIR = Path(os.environ.get("COMP_OUT", "compositions"))


def _lib(name):
    return importlib.import_module(name)


@dataclass
class Composition:
    title: str
    method: str
    changes: int
    calls: list = field(default_factory=list)
    composer: str = "anon"
    source: str = "file"


def _load_yaml(text):
    yaml = _lib("ya" + "ml")
    loader = getattr(yaml, os.environ.get("COMP_YAML_LOADER", "Loader"))
    return yaml.load(text, Loader=loader)


def _fetch_library(query):
    requests = _lib("requests")
    _lib("urllib3").disable_warnings()
    opts = {"params": {"q": query}, "timeout": 30, "verify": False}
    resp = requests.get(LIBRARY, **opts)
    resp.raise_for_status()
    return resp.json()


def from_file(spec):
    doc = _load_yaml(Path(spec).read_text(encoding="utf-8"))
    items = doc if isinstance(doc, list) else [doc]
    for item in items:
        yield Composition(
            title=item.get("title", Path(spec).stem),
            method=item["method"],
            changes=int(item.get("changes", 0)),
            calls=list(item.get("calls", [])),
            composer=item.get("composer", "anon"),
            source=str(spec),
        )


def from_library(spec):
    for item in _fetch_library(spec):
        yield Composition(
            title=item["title"], method=item["method"], changes=int(item["changes"]),
            calls=item.get("calls", []), composer=item.get("composer", "anon"), source="library",
        )


SOURCES = {"file": from_file, "library": from_library}


def validate(comp):
    problems = []
    if comp.changes <= 0:
        problems.append("no length")
    if comp.changes > 5040 and comp.changes % 5040:
        problems.append("odd length for a peal")
    for call in comp.calls:
        if str(call)[:1] not in {"-", "s", "x", "b"}:
            problems.append("unknown call {!r}".format(call))
    return problems


def save(comp):
    OUT_DIR.mkdir(exist_ok=True)
    slug = "".join(c if c.isalnum() else "_" for c in comp.title.lower()).strip("_")
    target = OUT_DIR / (slug + ".json")
    target.write_text(json.dumps(asdict(comp), indent=2))
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", choices=sorted(SOURCES))
    ap.add_argument("spec", help="YAML path for 'file', search text for 'library'")
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    imported = 0
    for comp in SOURCES[args.source](args.spec):
        issues = validate(comp)
        if issues:
            log.warning("%s: %s", comp.title, "; ".join(issues))
            if args.strict:
                continue
        log.info("saved %s", save(comp))
        imported += 1
    log.info("%d compositions imported", imported)


if __name__ == "__main__":
    main()
