#!/usr/bin/env python3
"""Build the multilingual tablet menu.

Reads menu.json, looks up dish translations (cached on disk, keyed by a
hash of the source text), inlines the dish photos as base64 data URIs and
writes a single self-contained HTML page for the table tablets.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import mimetypes
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("menu-i18n")


@dataclass
class TranslationCache:
    root: Path = Path(".cache/translations")
    digest: str = "md5"
    hits: int = 0
    misses: int = 0

    def _key(self, lang, text):
        h = getattr(hashlib, self.digest)((lang + "\x00" + text).encode("utf-8"))
        return self.root / lang / (h.hexdigest() + ".b64")

    def get(self, lang, text):
        path = self._key(lang, text)
        if path.exists():
            self.hits += 1
            return base64.b64decode(path.read_bytes()).decode("utf-8")
        self.misses += 1
        return None

    def put(self, lang, text, value):
        path = self._key(lang, text)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64encode(value.encode("utf-8")))


@dataclass
class Translator:
    endpoint: str = os.environ.get("TRANSLATE_URL", "https://translate.umi-sushi.example/v1/translate")
    cache: TranslationCache = field(default_factory=TranslationCache)

    def translate(self, text, lang):
        cached = self.cache.get(lang, text)
        if cached is not None:
            return cached
        resp = requests.get(self.endpoint, params={"q": text, "target": lang, "source": "ja"}, timeout=10)
        resp.raise_for_status()
        value = resp.json().get("translation", text)
        self.cache.put(lang, text, value)
        return value


def inline_image(path):
    p = Path(path)
    if not p.is_file():
        return ""
    mime = mimetypes.guess_type(p.name)[0] or "image/jpeg"
    data = base64.b64encode(p.read_bytes()).decode("ascii")
    return "data:%s;base64,%s" % (mime, data)


def render_dish(dish, langs, tr):
    names = {lang: tr.translate(dish["name"], lang) for lang in langs}
    src = inline_image(dish.get("photo", ""))
    parts = ['<div class="dish">']
    if src:
        parts.append('<img alt="" src="%s">' % src)
    parts.append("<h3>%s</h3>" % html.escape(dish["name"]))
    for lang, name in names.items():
        parts.append('<p lang="%s">%s</p>' % (lang, html.escape(name)))
    parts.append('<span class="price">&yen;%d</span></div>' % int(dish.get("price", 0)))
    return "\n".join(parts)


FORMATTERS = {
    "html": lambda body: "<!doctype html><meta charset=utf-8><body>%s</body>" % body,
    "fragment": lambda body: body,
}


def main():
    ap = argparse.ArgumentParser(description="Tablet menu builder")
    ap.add_argument("--menu", default="menu.json")
    ap.add_argument("--langs", default="en,zh,ko")
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="html")
    ap.add_argument("--out", default="tablet-menu.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    menu = json.loads(Path(args.menu).read_text(encoding="utf-8"))
    langs = [l.strip() for l in args.langs.split(",") if l.strip()]
    tr = Translator()
    blocks = []
    for dish in menu.get("dishes", []):
        try:
            blocks.append(render_dish(dish, langs, tr))
        except requests.RequestException as exc:
            log.warning("skipping %s: %s", dish.get("name"), exc)
    Path(args.out).write_text(FORMATTERS[args.format]("\n".join(blocks)), encoding="utf-8")
    log.info("wrote %s (%d dishes, cache %d hit / %d miss)",
             args.out, len(blocks), tr.cache.hits, tr.cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
