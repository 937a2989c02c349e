#!/usr/bin/env python3
"""Build the static community dictionary site from a lexicon export.

Reads exports/lexicon.json (as produced by the lexicon export tool), renders
one HTML page per headword plus an A-Z index into ./public, and copies any
audio clips referenced by the entries.  Page templates live in ./templates
and use $placeholders (string.Template).

The template filters (slugify, ipa, gloss_list) below must stay in step
with the mobile app build so both render headwords identically.
"""
from __future__ import annotations

import argparse
import html
import json
import logging
import re
import shutil
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from string import Template

log = logging.getLogger("dict-site")


def slugify(text: str) -> str:
    t = unicodedata.normalize("NFKD", text)
    t = "".join(c for c in t if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", t.lower()).strip("-") or "entry"


def ipa(text: str | None) -> str:
    return '<span class="ipa" lang="und-fonipa">/%s/</span>' % html.escape(text or "")


def gloss_list(senses: list[dict]) -> str:
    items = "".join("<li>%s</li>" % html.escape(s.get("gloss_en") or "") for s in senses)
    return '<ol class="senses">%s</ol>' % items


DEFAULT_ENTRY_TMPL = """<!doctype html>
<html lang="$lang"><head><meta charset="utf-8"><title>$headword_text</title>
<link rel="stylesheet" href="../style.css"></head>
<body><a href="../index.html">&larr; index</a>
<h1>$headword_text</h1>$pron
<p class="pos">$pos</p>$senses$audio
</body></html>
"""

DEFAULT_INDEX_TMPL = """<!doctype html>
<html lang="$lang"><head><meta charset="utf-8"><title>$title</title>
<link rel="stylesheet" href="style.css"></head>
<body><h1>$title</h1>$sections</body></html>
"""


def load_filters() -> dict:
    return {"slugify": slugify, "ipa": ipa, "gloss_list": gloss_list}


def load_template(tdir: Path, name: str, fallback: str) -> Template:
    path = tdir / name
    return Template(path.read_text(encoding="utf-8") if path.is_file() else fallback)


class SiteBuilder:
    def __init__(self, export: Path, out: Path, templates: Path, lang: str, title: str):
        self.export = export
        self.out = out
        self.lang = lang
        self.title = title
        self.filters = load_filters()
        self.entry_tmpl = load_template(templates, "entry.html", DEFAULT_ENTRY_TMPL)
        self.index_tmpl = load_template(templates, "index.html", DEFAULT_INDEX_TMPL)
        self.audio_src = export.parent / "audio"

    def render_entry(self, entry: dict) -> tuple[str, str]:
        f = self.filters
        slug = f["slugify"](entry["headword"])
        audio = ""
        if entry.get("audio"):
            clip = Path(entry["audio"]).name
            src = self.audio_src / clip
            if src.is_file():
                (self.out / "audio").mkdir(exist_ok=True)
                shutil.copy2(src, self.out / "audio" / clip)
                audio = f'<audio controls src="../audio/{html.escape(clip)}"></audio>'
        page = self.entry_tmpl.safe_substitute(
            lang=self.lang,
            headword_text=html.escape(entry["headword"]),
            pron=f["ipa"](entry.get("ipa")) if entry.get("ipa") else "",
            pos=html.escape(entry.get("pos") or ""),
            senses=f["gloss_list"](entry.get("senses", [])),
            audio=audio,
        )
        return slug, page

    def build(self) -> int:
        data = json.loads(self.export.read_text(encoding="utf-8"))
        if self.out.exists():
            shutil.rmtree(self.out)
        (self.out / "entries").mkdir(parents=True)
        by_letter: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for entry in data.get("entries", []):
            try:
                slug, page = self.render_entry(entry)
            except KeyError as exc:
                log.warning("entry %s missing %s", entry.get("id"), exc)
                continue
            (self.out / "entries" / f"{slug}.html").write_text(page, encoding="utf-8")
            by_letter[entry["headword"][:1].upper()].append((slug, entry["headword"]))
        sections = "".join(
            f"<h2>{html.escape(letter)}</h2><ul>"
            + "".join(f'<li><a href="entries/{s}.html">{html.escape(h)}</a></li>' for s, h in sorted(items, key=lambda x: x[1].lower()))
            + "</ul>"
            for letter, items in sorted(by_letter.items())
        )
        (self.out / "index.html").write_text(
            self.index_tmpl.safe_substitute(lang=self.lang, title=html.escape(self.title), sections=sections),
            encoding="utf-8")
        return sum(len(v) for v in by_letter.values())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="build the dictionary site")
    ap.add_argument("--export", type=Path, default=Path("exports/lexicon.json"))
    ap.add_argument("--out", type=Path, default=Path("public"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--lang", default="und")
    ap.add_argument("--title", default="Community Dictionary")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.export.is_file():
        log.error("export %s not found", args.export)
        return 2
    count = SiteBuilder(args.export, args.out, args.templates, args.lang, args.title).build()
    log.info("built %d entry pages in %s", count, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
