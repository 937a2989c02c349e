#!/usr/bin/env python3
"""Sort files in ./inbox according to rules.yaml.

rules.yaml:
  rules:
    - name: big-logs
      when: "ext == '.log' and size > 5_000_000"
      do: [archive]
    - name: invoices
      when: "'invoice' in name.lower()"
      do: [tag:finance, move:finance]
Each ``do`` entry is "<action>[:<arg>]" looked up in ACTIONS.
"""
import argparse
import gzip
import logging
import shutil
import sys
from pathlib import Path

import yaml

log = logging.getLogger("rules")
ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__.replace("act_", "")] = fn
    return fn


@action
def act_move(path, arg, ctx):
    dest = ctx["root"] / (arg or "sorted")
    dest.mkdir(parents=True, exist_ok=True)
    return shutil.move(str(path), dest / path.name)


@action
def act_archive(path, arg, ctx):
    dest = ctx["root"] / "archive" / (path.name + ".gz")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with path.open("rb") as src, gzip.open(dest, "wb") as out:
        shutil.copyfileobj(src, out)
    path.unlink()
    return dest


@action
def act_tag(path, arg, ctx):
    ctx["tags"].setdefault(str(path), []).append(arg)
    return arg


def load_rules(path):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    return doc.get("rules", [])


def facts_for(path):
    st = path.stat()
    return {"name": path.name, "ext": path.suffix, "size": st.st_size, "mtime": st.st_mtime}


def apply_rules(root, rules, dry_run):
    ctx = {"root": root, "tags": {}}
    for path in sorted((root / "inbox").iterdir()):
        if not path.is_file():
            continue
        facts = facts_for(path)
        for rule in rules:
            try:
                matched = eval(rule["when"], {"__builtins__": {}}, facts)
            except Exception as exc:
                log.warning("rule %s: bad condition: %s", rule.get("name"), exc)
                continue
            if not matched:
                continue
            log.info("%s matches %s", path.name, rule.get("name"))
            for step in rule.get("do", []):
                name, _, arg = str(step).partition(":")
                fn = ACTIONS.get(name)
                if fn is None:
                    log.warning("unknown action %s", name)
                    continue
                if dry_run:
                    log.info("  would %s(%s)", name, arg)
                    continue
                result = fn(path, arg, ctx)
                if name in ("move", "archive"):
                    path = Path(result)
            break
    return ctx["tags"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="rules.yaml")
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        rules = load_rules(args.rules)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load rules: %s", exc)
        return 2
    tags = apply_rules(args.root, rules, args.dry_run)
    for fname, labels in tags.items():
        print(f"{fname}\t{','.join(labels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
