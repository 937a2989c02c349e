#!/usr/bin/env python3
"""ohayu-line theme gallery: browse and preview prompt themes.

Fetches the public theme index, shows a colour preview of each theme in
the terminal and saves the chosen one as JSON into ./themes/ so your
prompt engine can pick it up.
"""
from __future__ import annotations

import argparse
import base64
import json
import logging
import shutil
import sys
import zlib
from pathlib import Path

import requests

logger = logging.getLogger("theme-gallery")

INDEX_URL = "https://raw.githubusercontent.com/ohayu-line/themes/main/index.json"
# zlib-compressed ASCII logo, shown at start-up
_LOGO = (
    "eJxljrEKw0AMQ3d/hbb2ICU/dKAsgS4hR5pRHx/5rl0aG8yzLIEDIOmB/+oKA7OpCkoTkZ2D"
    "VoAnyxDIUG4WH6iOLCYJX8plHF4sgWr/LEo0TVTlhEF28neg4vaUHOzQjn1rJ873uq2fuAAp"
    "nTJg"
)
FALLBACK_THEMES = [
    {"name": "plain", "segments": ["cwd", "git"], "palette": {"fg": 250, "bg": 236}},
    {"name": "ocean", "segments": ["user", "cwd", "git", "status"],
     "palette": {"fg": 231, "bg": 24}},
]


def banner() -> str:
    return zlib.decompress(base64.b64decode(_LOGO)).decode("utf-8")


def fg256(code: int) -> str:
    return f"\x1b[38;5;{code}m"


def bg256(code: int) -> str:
    return f"\x1b[48;5;{code}m"


RESET = "\x1b[0m"


def fetch_index(url: str, timeout: float) -> list[dict]:
    try:
        resp = requests.get(url, timeout=timeout, headers={"Accept": "application/json"})
        resp.raise_for_status()
        themes = resp.json().get("themes", [])
        logger.debug("index returned %d themes", len(themes))
        return themes or FALLBACK_THEMES
    except (requests.RequestException, ValueError) as exc:
        logger.warning("using built-in themes (%s)", exc)
        return FALLBACK_THEMES


def preview(theme: dict) -> str:
    pal = theme.get("palette", {})
    fg, bg = int(pal.get("fg", 250)), int(pal.get("bg", 236))
    sample = {"user": "alice", "cwd": "~/src/app", "git": " main",
              "status": "✔", "time": "12:34"}
    parts = [f"{bg256(bg)}{fg256(fg)} {sample.get(seg, seg)} " for seg in theme.get("segments", [])]
    return "".join(parts) + RESET + fg256(bg) + "" + RESET


def save_theme(theme: dict, dest_dir: Path) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    safe = "".join(ch for ch in theme["name"] if ch.isalnum() or ch in "-_") or "theme"
    target = dest_dir / f"{safe}.json"
    target.write_text(json.dumps(theme, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--index", default=INDEX_URL)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--pick", help="save this theme into ./themes/")
    ap.add_argument("--no-logo", action="store_true")
    ap.add_argument("--dest", default="themes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not args.no_logo and shutil.get_terminal_size().columns >= 44:
        print(banner())

    themes = fetch_index(args.index, args.timeout)
    by_name = {t.get("name"): t for t in themes if t.get("name")}
    if args.pick:
        theme = by_name.get(args.pick)
        if theme is None:
            logger.error("unknown theme %r; choose from: %s", args.pick, ", ".join(sorted(by_name)))
            return 1
        path = save_theme(theme, Path(args.dest))
        print(f"saved {args.pick} -> {path}")
        return 0

    width = max((len(n) for n in by_name), default=8)
    for name, theme in sorted(by_name.items()):
        print(f"{name:<{width}}  {preview(theme)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
