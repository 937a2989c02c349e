#!/usr/bin/env python3
"""eBay listing helper for the charity shop's online desk.

Takes the items volunteers photographed and described in items.json and
builds eBay-ready listing drafts (title, condition, category, description
HTML). Each category (books, vinyl, bric-a-brac, designer clothing) has its
own formatting plugin so the online volunteers can tweak wording without
touching this script.

Plugins are small Python files in ./listing_plugins/ that define
`format_listing(item) -> dict` and a `CATEGORIES` tuple.
"""
import argparse
import html
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("ebay-lister")

PLUGIN_DIR = Path("listing_plugins")
DRAFT_DIR = Path("drafts")
TITLE_LIMIT = 80


def default_format(item):
    title = f"{item.get('brand', '')} {item['name']}".strip()
    desc = html.escape(item.get("description", ""))
    return {
        "title": title[:TITLE_LIMIT],
        "condition": item.get("condition", "Used"),
        "description_html": f"<p>{desc}</p><p>Sold in aid of St Mark's Hospice.</p>",
        "start_price": item.get("price", 0.99),
    }


class PluginRegistry:
    """Maps category names to formatter callables."""

    def __init__(self):
        self.formatters = {}

    def _iter_sources(self):
        if not PLUGIN_DIR.is_dir():
            return
        for path in sorted(PLUGIN_DIR.glob("*.py")):
            yield path.name, path.read_text(encoding="utf-8")

    def load(self):
        for name, source in self._iter_sources():
            namespace = {"__name__": f"listing_plugins.{name[:-3]}", "html": html}
            try:
                exec(compile(source, name, "exec"), namespace)
            except Exception as exc:  # a broken plugin must not stop the desk
                log.error("plugin %s failed to load: %s", name, exc)
                continue
            fmt = namespace.get("format_listing")
            cats = namespace.get("CATEGORIES", ())
            if not callable(fmt):
                log.warning("plugin %s has no format_listing()", name)
                continue
            for cat in cats:
                self.formatters[cat.lower()] = fmt
            log.info("plugin %s handles %s", name, ", ".join(cats) or "nothing")
        return self

    def formatter_for(self, category):
        return self.formatters.get((category or "").lower(), default_format)


def build_drafts(items, registry):
    for item in items:
        if "name" not in item:
            log.warning("skipping item without a name: %r", item.get("sku"))
            continue
        fmt = registry.formatter_for(item.get("category"))
        try:
            draft = fmt(item)
        except Exception as exc:
            log.error("formatter failed for %s: %s", item.get("sku"), exc)
            draft = default_format(item)
        draft["sku"] = item.get("sku")
        draft["category"] = item.get("category", "Other")
        yield draft


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build eBay listing drafts")
    ap.add_argument("items", nargs="?", default="items.json")
    ap.add_argument("--out", default=str(DRAFT_DIR))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        items = json.loads(Path(args.items).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.items, exc)
        return 1

    registry = PluginRegistry().load()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    for draft in build_drafts(items, registry):
        target = out_dir / f"{draft['sku'] or count}.json"
        target.write_text(json.dumps(draft, indent=2), encoding="utf-8")
        count += 1
    log.info("%d drafts written to %s", count, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
