#!/usr/bin/env python3
"""Build a freedesktop .desktop launcher for the app bundle in ./dist.

Reads metadata from pyproject.toml and writes dist/<app-id>.desktop so the
Flatpak/AppImage packaging step can pick it up. Nothing is placed in the
user's menu or autostart directories.
"""
import argparse
import logging
import re
import sys
import tomllib
from pathlib import Path

LOG = logging.getLogger("desktop-entry")

APP_ID_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_-]*){2,}$")
VALID_CATEGORIES = {
    "AudioVideo", "Development", "Education", "Game", "Graphics",
    "Network", "Office", "Science", "Settings", "System", "Utility",
}


def read_metadata(pyproject: Path) -> dict:
    with pyproject.open("rb") as fh:
        data = tomllib.load(fh)
    project = data.get("project", {})
    tool = data.get("tool", {}).get("desktop", {})
    return {
        "name": tool.get("display-name", project.get("name", "app")),
        "comment": project.get("description", ""),
        "app_id": tool.get("app-id", ""),
        "exec": tool.get("exec", project.get("name", "app")),
        "icon": tool.get("icon", "application-x-executable"),
        "categories": tool.get("categories", ["Utility"]),
        "terminal": bool(tool.get("terminal", False)),
    }


def validate(meta: dict) -> list:
    problems = []
    if not APP_ID_RE.match(meta["app_id"]):
        problems.append(f"app-id {meta['app_id']!r} is not reverse-DNS")
    unknown = set(meta["categories"]) - VALID_CATEGORIES
    if unknown:
        problems.append("unknown categories: " + ", ".join(sorted(unknown)))
    if "\n" in meta["comment"]:
        problems.append("comment must be a single line")
    return problems


def to_desktop(meta: dict) -> str:
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        f"Name={meta['name']}",
        f"Comment={meta['comment']}",
        f"Exec={meta['exec']} %U",
        f"Icon={meta['icon']}",
        f"Terminal={'true' if meta['terminal'] else 'false'}",
        "Categories=" + ";".join(meta["categories"]) + ";",
        f"StartupWMClass={meta['app_id'].rsplit('.', 1)[-1]}",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pyproject", type=Path, default=Path("pyproject.toml"))
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--check", action="store_true", help="validate only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        meta = read_metadata(args.pyproject)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.pyproject, exc)
        return 1

    problems = validate(meta)
    for problem in problems:
        LOG.warning(problem)
    if problems:
        return 1
    if args.check:
        LOG.info("metadata OK")
        return 0

    args.dist.mkdir(exist_ok=True)
    target = args.dist / f"{meta['app_id']}.desktop"
    target.write_text(to_desktop(meta), encoding="utf-8")
    LOG.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
