#!/usr/bin/env python3
"""Builds the weekly class handouts and tidies the build tree.

Turns the Markdown handouts in ./handouts into simple HTML pages in
./build, records a checksum manifest, and can clean its own build and
cache folders before a fresh build.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("handouts")

ROOT = Path.cwd()
SRC = ROOT / "handouts"
BUILD = ROOT / "build"
CACHE = ROOT / ".handout-cache"


@dataclass
class BuildInfo:
    platform: str = "unknown"
    pages: list = field(default_factory=list)


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def md_to_html(text):
    out = []
    for line in text.splitlines():
        if line.startswith("# "):
            out.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line.startswith("- "):
            out.append(f"<li>{html.escape(line[2:])}</li>")
        elif line.strip():
            out.append(f"<p>{html.escape(line)}</p>")
    return "\n".join(out)


def _inside_project(path):
    resolved = path.resolve()
    return resolved != ROOT and ROOT in resolved.parents


def clean(_info):
    for folder in (BUILD, CACHE):
        if folder.exists() and _inside_project(folder):
            shutil.rmtree(folder)
            log.info("removed %s", folder.relative_to(ROOT))


def build(info):
    BUILD.mkdir(exist_ok=True)
    CACHE.mkdir(exist_ok=True)
    for md in sorted(SRC.glob("*.md")):
        page = BUILD / (md.stem + ".html")
        body = md_to_html(md.read_text())
        footer = f"<footer>Built on {html.escape(info.platform)}</footer>"
        page.write_text(f"<html><body>{body}{footer}</body></html>\n")
        info.pages.append(page.name)
    return info


def manifest(info):
    entries = {}
    for name in info.pages:
        data = (BUILD / name).read_bytes()
        entries[name] = {
            "sha256": hashlib.sha256(data).hexdigest(),
            "preview": base64.b64encode(data[:48]).decode(),
        }
    target = BUILD / "manifest.json"
    target.write_text(json.dumps(entries, indent=2))
    os.chmod(target, 0o600)
    log.info("manifest with %d pages written", len(entries))


TASKS = {"clean": clean, "build": build, "manifest": manifest}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build class handouts")
    ap.add_argument("tasks", nargs="*", default=["clean", "build", "manifest"],
                    choices=sorted(TASKS))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    info = BuildInfo(platform=os_release())
    for name in args.tasks:
        TASKS[name](info)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
