#!/usr/bin/env python3
"""Tiny static documentation builder for the project's docs/ folder.

Renders every Markdown page under docs/ into HTML using a Jinja2 layout,
builds a sidebar from the page titles and copies static assets.  The output
directory (default ./_site) is wiped before each full rebuild.
"""
import argparse
import logging
import shutil
import sys
from pathlib import Path

import markdown
from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("docsbuild")

DEFAULT_LAYOUT = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ title }} - {{ project }}</title>
<link rel="stylesheet" href="{{ root }}static/docs.css"></head>
<body>
<nav><ul>
{% for item in nav %}<li{% if item.current %} class="current"{% endif %}>
<a href="{{ root }}{{ item.href }}">{{ item.title }}</a></li>{% endfor %}
</ul></nav>
<main>{{ body | safe }}</main>
<footer>{{ project }} {{ version }}</footer>
</body></html>
"""

MD_EXTENSIONS = ["toc", "tables", "fenced_code", "admonition"]


class Page:
    def __init__(self, source: Path, src_root: Path):
        self.source = source
        self.rel = source.relative_to(src_root).with_suffix(".html")
        self.text = source.read_text(encoding="utf-8")
        self.title = self._title()

    def _title(self) -> str:
        for line in self.text.splitlines():
            if line.startswith("# "):
                return line[2:].strip()
        return self.source.stem.replace("-", " ").title()

    @property
    def depth(self) -> int:
        return len(self.rel.parts) - 1


class SiteBuilder:
    def __init__(self, src: Path, out: Path, project: str, version: str):
        self.src = src
        self.out = out
        self.project = project
        self.version = version
        layout_dir = src / "_layouts"
        self.env = Environment(
            loader=FileSystemLoader(str(layout_dir)) if layout_dir.is_dir() else None,
            autoescape=select_autoescape(["html", "xml"], default_for_string=True),
        )
        if layout_dir.is_dir() and (layout_dir / "page.html").exists():
            self.layout = self.env.get_template("page.html")
        else:
            self.layout = self.env.from_string(DEFAULT_LAYOUT)

    def collect(self) -> list:
        pages = [Page(p, self.src) for p in sorted(self.src.rglob("*.md"))
                 if "_layouts" not in p.parts]
        pages.sort(key=lambda pg: (pg.rel.name != "index.html", str(pg.rel)))
        return pages

    def clean(self) -> None:
        if self.out.exists():
            log.info("removing previous build %s", self.out)
            shutil.rmtree(self.out)
        self.out.mkdir(parents=True)

    def render(self, pages: list) -> int:
        count = 0
        for page in pages:
            md = markdown.Markdown(extensions=MD_EXTENSIONS)
            body = md.convert(page.text)
            nav = [{"href": p.rel.as_posix(), "title": p.title, "current": p is page}
                   for p in pages]
            html = self.layout.render(title=page.title, project=self.project,
                                      version=self.version, nav=nav, body=body,
                                      root="../" * page.depth)
            target = self.out / page.rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(html, encoding="utf-8")
            count += 1
            log.debug("rendered %s", target)
        return count

    def copy_static(self) -> None:
        static = self.src / "static"
        if static.is_dir():
            shutil.copytree(static, self.out / "static", dirs_exist_ok=True)


def main() -> int:
    parser = argparse.ArgumentParser(description="Build the HTML docs")
    parser.add_argument("--src", default="docs", type=Path)
    parser.add_argument("--out", default="_site", type=Path)
    parser.add_argument("--project", default=Path.cwd().name)
    parser.add_argument("--version", default="dev")
    parser.add_argument("--no-clean", action="store_true")
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    if not args.src.is_dir():
        log.error("source directory %s not found", args.src)
        return 1
    out = args.out.resolve()
    if Path.cwd().resolve() not in out.parents:
        log.error("refusing to build outside the working directory: %s", out)
        return 1

    builder = SiteBuilder(args.src, out, args.project, args.version)
    if args.no_clean:
        out.mkdir(parents=True, exist_ok=True)
    else:
        builder.clean()
    pages = builder.collect()
    n = builder.render(pages)
    builder.copy_static()
    log.info("built %d pages into %s", n, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
