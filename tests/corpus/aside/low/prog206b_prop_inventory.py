#!/usr/bin/env python3
"""Inventory of the convention's lending props (clubs, rings, balls, diabolos).

Keeps inventory.json in the working directory, caches rendered reports in
./.inventory_cache and writes a checkout summary for the prop desk.
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import platform
import shutil
import sys
from dataclasses import dataclass, asdict, field

log = logging.getLogger("prop-inventory")
STORE = pathlib.Path("inventory.json")
CACHE = pathlib.Path(".inventory_cache")


@dataclass
class Prop:
    tag: str
    kind: str
    colour: str = ""
    out_to: str = ""
    notes: list = field(default_factory=list)


def load():
    if not STORE.exists():
        return {}
    return {p["tag"]: Prop(**p) for p in json.loads(STORE.read_text())}


def save(props):
    STORE.write_text(json.dumps([asdict(p) for p in props.values()], indent=2))
    os.chmod(STORE, 0o600)


def host_label():
    try:
        text = pathlib.Path("/etc/os-release").read_text()
        info = dict(l.split("=", 1) for l in text.splitlines() if "=" in l)
        return info.get("PRETTY_NAME", "").strip('"')
    except OSError:
        return platform.system()


def report(props):
    key = hashlib.md5(json.dumps([asdict(p) for p in props.values()],
                                 sort_keys=True).encode()).hexdigest()
    cached = CACHE / f"{key}.txt"
    if cached.exists():
        return cached.read_text()
    lines = [f"Prop desk report ({host_label()})"]
    for p in sorted(props.values(), key=lambda p: (p.kind, p.tag)):
        lines.append(f"{p.tag:<8}{p.kind:<10}{p.colour:<8}{p.out_to or '-'}")
    text = "\n".join(lines) + "\n"
    CACHE.mkdir(exist_ok=True)
    cached.write_text(text)
    return text


def do_add(props, a):
    props[a.tag] = Prop(a.tag, a.kind, a.colour or "")
    return True


def do_lend(props, a):
    if a.tag not in props:
        log.error("unknown prop %s", a.tag)
        return False
    props[a.tag].out_to = a.who
    return True


def do_back(props, a):
    if a.tag in props:
        props[a.tag].out_to = ""
        return True
    return False


def do_report(props, a):
    print(report(props), end="")
    return False


def do_clean(props, a):
    if CACHE.is_dir():
        shutil.rmtree(CACHE)
        log.info("removed %s", CACHE)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Prop desk inventory")
    ap.add_argument("action", choices=["add", "lend", "back", "report", "clean"])
    ap.add_argument("tag", nargs="?")
    ap.add_argument("--kind", default="club")
    ap.add_argument("--colour")
    ap.add_argument("--who", default="")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    handler = globals()[f"do_{args.action}"]
    if args.action in ("add", "lend", "back") and not args.tag:
        ap.error("this action needs a tag")
    props = load()
    if handler(props, args):
        save(props)
    return 0


if __name__ == "__main__":
    sys.exit(main())
