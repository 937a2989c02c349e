#!/usr/bin/env python3
"""abcnote - small ABC notation reader for morris and ceilidh tune books.

Parses ABC tune headers (X:, T:, R:, M:, L:, K:) and the body, and can
list and filter a tune book.  Sides that use their own header conventions
(Cotswold tradition names, figure markers, stick/hanky hints) drop a
plugin file into ./abc_plugins/ and it is picked up at start-up.  The
project's plugin index can be listed with --available so people know what
to ask the librarian for.
"""

import argparse
import http.client
import json
import logging
import re
import sys
import types
from pathlib import Path

log = logging.getLogger("abcnote")

INDEX_HOST = "tunes.morrisnotation.org"
INDEX_PATH = "/plugins/index.json"
PLUGIN_DIR = Path("abc_plugins")

HEADER_RE = re.compile(r"^([A-Za-z]):\s*(.*)$")
DEFAULT_FIELDS = {"X": "index", "T": "title", "R": "rhythm", "M": "meter",
                  "L": "unit", "K": "key", "C": "composer", "O": "origin"}


class Tune:
    def __init__(self):
        self.headers = {}
        self.body = []

    @property
    def title(self):
        return self.headers.get("title", ["(untitled)"])[0]

    def as_dict(self):
        return {"headers": self.headers, "bars": len(self.bar_lines())}

    def bar_lines(self):
        joined = " ".join(self.body)
        return [b for b in re.split(r"\|+:?|:\|", joined) if b.strip()]


class Grammar:
    """Field mapping plus extension hooks supplied by local plugins."""
    fields = dict(DEFAULT_FIELDS)
    hooks = []

    @classmethod
    def register(cls, func):
        cls.hooks.append(func)
        return func


def list_available():
    """Show what the project publishes; nothing is installed from here."""
    conn = http.client.HTTPSConnection(INDEX_HOST, timeout=15)
    try:
        conn.request("GET", INDEX_PATH, headers={"User-Agent": "abcnote/0.9"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise OSError(f"HTTP {resp.status}")
        index = json.loads(resp.read())
    finally:
        conn.close()
    for entry in index.get("plugins", []):
        print(f"{entry.get('name', '?'):24} {entry.get('version', ''):8} {entry.get('summary', '')}")


def load_plugins(directory=PLUGIN_DIR):
    if not directory.is_dir():
        log.debug("no plugin directory %s", directory)
        return 0
    loaded = 0
    for path in sorted(directory.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        module = types.ModuleType(f"abc_plugins.{path.stem}")
        module.__dict__["Grammar"] = Grammar
        try:
            exec(compile(source, str(path), "exec"), module.__dict__)
        except Exception as exc:  # a broken plugin should not stop the tool
            log.warning("plugin %s failed: %s", path.name, exc)
            continue
        Grammar.fields.update(getattr(module, "FIELDS", {}))
        loaded += 1
        log.debug("plugin %s loaded", path.name)
    return loaded


def parse_book(text):
    tunes, current = [], None
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("%"):
            continue
        m = HEADER_RE.match(line)
        if m and (current is None or not current.body):
            tag, value = m.groups()
            if tag == "X":
                current = Tune()
                tunes.append(current)
            if current is None:
                continue
            name = Grammar.fields.get(tag, tag)
            current.headers.setdefault(name, []).append(value.strip())
        elif current is not None and line:
            current.body.append(line)
        elif not line:
            current = None
    for hook in Grammar.hooks:
        tunes = hook(tunes) or tunes
    return tunes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("book", type=Path, nargs="?", help="ABC tune book file")
    ap.add_argument("--rhythm", help="only tunes with this R: value (e.g. jig, hornpipe)")
    ap.add_argument("--json", action="store_true", help="emit JSON")
    ap.add_argument("--available", action="store_true", help="list published plugins")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.available:
        try:
            list_available()
        except (OSError, json.JSONDecodeError) as exc:
            log.error("plugin index unavailable: %s", exc)
            return 1
        return 0
    if args.book is None:
        ap.error("a tune book is required")

    log.debug("%d plugins loaded", load_plugins())
    try:
        text = args.book.read_text(encoding="utf-8")
    except OSError as exc:
        log.error("cannot read %s: %s", args.book, exc)
        return 1

    tunes = parse_book(text)
    if args.rhythm:
        want = args.rhythm.lower()
        tunes = [t for t in tunes if want in " ".join(t.headers.get("rhythm", [])).lower()]

    if args.json:
        json.dump([t.as_dict() for t in tunes], sys.stdout, indent=2)
        print()
    else:
        for t in tunes:
            key = t.headers.get("key", ["?"])[0]
            rhythm = t.headers.get("rhythm", ["?"])[0]
            print(f"{t.title:40} {rhythm:12} K:{key:6} {len(t.bar_lines()):3} bars")
    log.info("%d tunes", len(tunes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
