#!/usr/bin/env python3
"""Record parsers delivered as plugins.

``sync`` downloads the current parser bundle for the configured channel from
the plugin server into ./gen/record_parsers.py.  ``parse`` compiles the cached
bundle into a namespace and runs the matching parser over an input file, so
parsers can be updated without releasing this tool.
"""
import argparse
import json
import logging
import os
import sys
import textwrap
import urllib.request
from pathlib import Path

log = logging.getLogger("plugins")
GEN_DIR = Path("gen")
GEN_FILE = GEN_DIR / "record_parsers.py"
PLUGIN_SERVER = os.environ.get("PARSER_PLUGIN_SERVER", "http://plugins.records-cdn.example.org")
CHANNEL = os.environ.get("PARSER_CHANNEL", "stable")


def sync():
    url = f"{PLUGIN_SERVER}/{CHANNEL}/record_parsers.py"
    log.info("fetching %s", url)
    with urllib.request.urlopen(url, timeout=30) as resp:
        if resp.status != 200:
            sys.exit(f"plugin server returned {resp.status}")
        body = resp.read().decode("utf-8")
    if "PARSERS" not in body:
        sys.exit("downloaded bundle does not define PARSERS")
    GEN_DIR.mkdir(exist_ok=True)
    GEN_FILE.write_text(body)
    log.info("cached %d bytes into %s", len(body), GEN_FILE)


def load_generated():
    if not GEN_FILE.exists():
        sync()
    source = GEN_FILE.read_text()
    namespace = {"__name__": "record_parsers"}
    code = compile(source, str(GEN_FILE), "exec")
    exec(code, namespace)
    return namespace["PARSERS"]


def parse(record_type, data_path):
    parsers = load_generated()
    try:
        fn = parsers[record_type]
    except KeyError:
        sys.exit(f"unknown record type {record_type}; have {sorted(parsers)}")
    bad = 0
    with open(data_path, encoding="ascii", errors="replace") as fh:
        for lineno, line in enumerate(fh, 1):
            try:
                print(json.dumps(fn(line.rstrip("\n"))))
            except ValueError as exc:
                bad += 1
                log.warning("line %d: %s", lineno, exc)
    if bad:
        log.warning("%d lines could not be parsed", bad)


def main():
    ap = argparse.ArgumentParser(description=textwrap.dedent(__doc__))
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("sync")
    p = sub.add_parser("parse")
    p.add_argument("record_type")
    p.add_argument("data")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.cmd == "sync":
        sync()
    else:
        parse(args.record_type, args.data)


if __name__ == "__main__":
    main()
