#!/usr/bin/env python3
"""Run team command shortcuts defined in .shortcuts.yml.

Shortcuts behave like shell aliases: the first word of a shortcut may
itself be another shortcut, and `{name}` placeholders are filled from
--set key=value pairs or from the `defaults:` block.

    shortcuts:
      logs:   "tail -n {lines} {logfile}"
      errs:   "logs | grep -i error"
      du-top: "du -sh * | sort -h | tail -n {lines}"
    defaults:
      lines: 50
      logfile: var/app.log
"""

import argparse
import logging
import os
import re
import sys
from pathlib import Path

import yaml

log = logging.getLogger("shortcuts")

PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)\}")
MAX_DEPTH = 8


class ShortcutError(Exception):
    pass


class ShortcutBook:
    def __init__(self, path: Path):
        self.path = path
        with path.open(encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=yaml.Loader) or {}
        self.shortcuts = dict(data.get("shortcuts", {}))
        self.defaults = {k: str(v) for k, v in (data.get("defaults") or {}).items()}
        self.cwd = data.get("cwd")

    def expand(self, name: str, depth: int = 0) -> str:
        if depth > MAX_DEPTH:
            raise ShortcutError(f"shortcut recursion too deep at '{name}'")
        if name not in self.shortcuts:
            raise ShortcutError(f"no such shortcut '{name}'")
        text = str(self.shortcuts[name]).strip()
        # expand alias-style: each pipeline stage's first word may be a shortcut
        stages = [s.strip() for s in text.split("|")]
        out = []
        for stage in stages:
            head, _, rest = stage.partition(" ")
            if head in self.shortcuts and head != name:
                inner = self.expand(head, depth + 1)
                out.append(f"{inner} {rest}".rstrip())
            else:
                out.append(stage)
        return " | ".join(out)

    def fill(self, command: str, values: dict) -> str:
        merged = {**self.defaults, **values}

        def repl(m):
            key = m.group(1)
            if key not in merged:
                raise ShortcutError(f"missing value for {{{key}}}")
            return merged[key]

        return PLACEHOLDER.sub(repl, command)


def parse_sets(pairs):
    values = {}
    for pair in pairs:
        if "=" not in pair:
            raise SystemExit(f"--set expects key=value, got {pair!r}")
        k, v = pair.split("=", 1)
        values[k.strip()] = v
    return values


def run(command: str, cwd):
    prev = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        stream = os.popen(command)
        for line in stream:
            sys.stdout.write(line)
        status = stream.close()
    finally:
        os.chdir(prev)
    return (status or 0) >> 8


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", nargs="?")
    ap.add_argument("-f", "--file", type=Path, default=Path(".shortcuts.yml"))
    ap.add_argument("-s", "--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-l", "--list", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        book = ShortcutBook(args.file)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.file, exc)
        return 2

    if args.list or not args.name:
        for key in sorted(book.shortcuts):
            print(f"{key:<12} {book.shortcuts[key]}")
        return 0

    try:
        command = book.fill(book.expand(args.name), parse_sets(args.set))
    except ShortcutError as exc:
        log.error("%s", exc)
        return 2

    log.info("+ %s", command)
    if args.dry_run:
        return 0
    rc = run(command, book.cwd)
    if rc:
        log.error("shortcut '%s' exited with %d", args.name, rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
