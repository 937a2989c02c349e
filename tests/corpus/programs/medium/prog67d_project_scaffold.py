#!/usr/bin/env python3
"""scaffold - start a new service from one of the platform templates.

    scaffold new billing-worker --template python-service
    scaffold list

Templates are published as .tar.gz archives next to an index.json on the
template server. Files ending in .tmpl have ${placeholders} filled in and
the suffix dropped; everything else is copied verbatim.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import re
import shutil
import string
import sys
import tarfile
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("scaffold")

TEMPLATE_BASE = "https://templates.platform.corp.internal/scaffold"
CACHE_DIR = Path(".scaffold-cache")
NAME_RX = re.compile(r"^[a-z][a-z0-9-]{1,40}$")


def fetch(url: str) -> bytes:
    """GET with a small on-disk cache keyed by URL."""
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / hashlib.md5(url.encode()).hexdigest()
    if cached.exists():
        return cached.read_bytes()
    req = urllib.request.Request(url, headers={"User-Agent": "scaffold/1.4"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        data = resp.read()
    cached.write_bytes(data)
    return data


def list_templates() -> dict:
    return json.loads(fetch(f"{TEMPLATE_BASE}/index.json"))


def unpack(archive: bytes, into: Path) -> Path:
    tgz = into / "template.tar.gz"
    tgz.write_bytes(archive)
    with tarfile.open(tgz, "r:gz") as tar:
        tar.extractall(into / "src")
    roots = [p for p in (into / "src").iterdir() if p.is_dir()]
    return roots[0] if len(roots) == 1 else into / "src"


def render_tree(src: Path, dest: Path, values: dict) -> int:
    count = 0
    for path in sorted(src.rglob("*")):
        rel = Path(string.Template(str(path.relative_to(src))).safe_substitute(values))
        target = dest / rel
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".tmpl":
            text = string.Template(path.read_text()).safe_substitute(values)
            target.with_suffix("").write_text(text)
        else:
            shutil.copy2(path, target)
        count += 1
    return count


def cmd_new(args) -> int:
    if not NAME_RX.match(args.name):
        log.error("service names are lower-case, digits and dashes")
        return 2
    dest = Path(args.name)
    if dest.exists() and any(dest.iterdir()):
        log.error("%s exists and is not empty", dest)
        return 1
    index = list_templates()
    meta = index.get(args.template)
    if meta is None:
        log.error("unknown template %s (try: scaffold list)", args.template)
        return 2
    values = {
        "name": args.name,
        "module": args.name.replace("-", "_"),
        "owner": args.owner,
        "python_version": meta.get("python", "3.12"),
    }
    with tempfile.TemporaryDirectory(prefix="scaffold-") as tmp:
        root = unpack(fetch(f"{TEMPLATE_BASE}/{meta['archive']}"), Path(tmp))
        n = render_tree(root, dest, values)
    log.info("created %s from %s (%d files)", dest, args.template, n)
    log.info("next: cd %s && make bootstrap", dest)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(prog="scaffold")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_new = sub.add_parser("new")
    p_new.add_argument("name")
    p_new.add_argument("-t", "--template", default="python-service")
    p_new.add_argument("--owner", default="platform-team")
    sub.add_parser("list")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="scaffold: %(message)s")
    try:
        if args.cmd == "list":
            for name, meta in sorted(list_templates().items()):
                print(f"{name:24} {meta.get('description', '')}")
            return 0
        return cmd_new(args)
    except (urllib.error.URLError, tarfile.TarError, json.JSONDecodeError) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
