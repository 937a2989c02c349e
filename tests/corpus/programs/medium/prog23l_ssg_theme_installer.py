#!/usr/bin/env python3
"""Theme manager for a small static-site generator.

    themes.py install https://github.com/someone/ssg-theme-paper/archive/v1.2.tar.gz
    themes.py list
    themes.py use paper

Themes are unpacked into ./themes/<name>/ and the active theme is stored in
site.toml.
"""
import argparse
import io
import re
import shutil
import sys
import tarfile
from pathlib import Path

import requests

THEMES = Path("themes")
SITE_CONFIG = Path("site.toml")
REQUIRED = ("templates/base.html", "templates/post.html", "theme.toml")


def theme_name_from(members) -> str:
    tops = {m.name.split("/", 1)[0] for m in members if m.name}
    if len(tops) != 1:
        raise SystemExit("archive must contain exactly one top-level folder")
    top = tops.pop()
    name = re.sub(r"^ssg-theme-", "", top)
    return re.sub(r"-v?\d+(\.\d+)*$", "", name)


def install(url: str) -> None:
    print(f"downloading {url}")
    resp = requests.get(url, timeout=60)
    resp.raise_for_status()
    with tarfile.open(fileobj=io.BytesIO(resp.content), mode="r:gz") as tar:
        members = tar.getmembers()
        name = theme_name_from(members)
        staging = THEMES / f".staging-{name}"
        if staging.exists():
            shutil.rmtree(staging)
        staging.mkdir(parents=True)
        tar.extractall(staging)
    top = next(staging.iterdir())
    missing = [r for r in REQUIRED if not (top / r).exists()]
    if missing:
        shutil.rmtree(staging)
        raise SystemExit(f"not a valid theme, missing: {', '.join(missing)}")
    dest = THEMES / name
    if dest.exists():
        shutil.rmtree(dest)
    top.rename(dest)
    shutil.rmtree(staging)
    print(f"installed theme '{name}' into {dest}")


def list_themes() -> None:
    active = current_theme()
    if not THEMES.exists():
        print("no themes installed")
        return
    for d in sorted(p for p in THEMES.iterdir() if p.is_dir() and not p.name.startswith(".")):
        marker = "*" if d.name == active else " "
        print(f"{marker} {d.name}")


def current_theme() -> str:
    if not SITE_CONFIG.exists():
        return ""
    m = re.search(r'^theme\s*=\s*"([^"]*)"', SITE_CONFIG.read_text(), re.M)
    return m.group(1) if m else ""


def use(name: str) -> None:
    if not (THEMES / name).is_dir():
        raise SystemExit(f"theme {name} is not installed")
    text = SITE_CONFIG.read_text() if SITE_CONFIG.exists() else ""
    if re.search(r"^theme\s*=", text, re.M):
        text = re.sub(r'^theme\s*=.*$', f'theme = "{name}"', text, flags=re.M)
    else:
        text = f'theme = "{name}"\n' + text
    SITE_CONFIG.write_text(text)
    print(f"active theme: {name}")


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("install").add_argument("url")
    sub.add_parser("list")
    sub.add_parser("use").add_argument("name")
    args = ap.parse_args()
    THEMES.mkdir(exist_ok=True)
    if args.cmd == "install":
        install(args.url)
    elif args.cmd == "list":
        list_themes()
    else:
        use(args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
