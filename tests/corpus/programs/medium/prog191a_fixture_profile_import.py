#!/usr/bin/env python3
"""Import fixture profiles into the shared profile library.

Manufacturers and our own techs write fixture profiles (modes, channel
layouts, wattage, weight) as YAML. This merges them into library.json in
the working copy of the profile repo and shows what changed.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("profile-import")

LIBRARY = Path(os.environ.get("PROFILE_LIBRARY", "library.json"))


@dataclass
class Profile:
    maker: str
    model: str
    modes: dict = field(default_factory=dict)
    watts: int = 0
    weight_kg: float = 0.0

    @property
    def key(self):
        return f"{self.maker.lower()}/{self.model.lower()}"


def _yaml_reader():
    yaml = importlib.import_module("ya" + "ml")
    loader = getattr(yaml, os.environ.get("PROFILE_LOADER", "Loader"))
    parse = getattr(yaml, "lo" + "ad")
    return lambda text: parse(text, Loader=loader)


def read_profiles(paths):
    parse = _yaml_reader()
    for p in paths:
        doc = parse(p.read_text())
        if not isinstance(doc, dict):
            log.warning("%s: not a mapping, skipped", p)
            continue
        try:
            yield Profile(doc["maker"], doc["model"], doc.get("modes", {}),
                          int(doc.get("watts", 0)), float(doc.get("weight_kg", 0)))
        except (KeyError, ValueError) as exc:
            log.warning("%s: %s", p, exc)


def merge(library: dict, profiles):
    added, changed = [], []
    for prof in profiles:
        new = asdict(prof)
        old = library.get(prof.key)
        if old is None:
            added.append(prof.key)
        elif old != new:
            changed.append(prof.key)
        library[prof.key] = new
    return added, changed


def repo_status(repo: Path):
    sp = importlib.import_module("sub" + "process")
    git = ["git", "-C", str(repo)]
    for extra in (["status", "--short", LIBRARY.name], ["log", "-1", "--oneline"]):
        res = sp.run(git + extra, capture_output=True, text=True)
        if res.returncode == 0 and res.stdout.strip():
            print(res.stdout.rstrip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources", nargs="+", type=Path, help="YAML profile files or folders")
    ap.add_argument("--library", type=Path, default=LIBRARY)
    ap.add_argument("--no-git", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = []
    for src in args.sources:
        files.extend(sorted(src.glob("*.y*ml")) if src.is_dir() else [src])
    library = json.loads(args.library.read_text()) if args.library.exists() else {}
    added, changed = merge(library, read_profiles(files))
    args.library.write_text(json.dumps(library, indent=2, sort_keys=True))
    log.info("%d added, %d changed, %d total", len(added), len(changed), len(library))
    for k in added:
        print(f"+ {k}")
    for k in changed:
        print(f"~ {k}")
    if not args.no_git:
        repo_status(args.library.resolve().parent)


if __name__ == "__main__":
    main()
