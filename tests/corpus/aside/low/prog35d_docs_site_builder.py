#!/usr/bin/env python3
"""Small static documentation site builder.

Reads Markdown pages from ./docs, renders them through Jinja2 templates in
./templates and writes HTML into ./site.  Rendering is organised as a
pipeline of page processors registered with a decorator, and a build
cache (keyed by MD5 of the source text) lets unchanged pages be skipped.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("docsite")

PROCESSORS: Dict[str, Callable[["Page", "BuildContext"], None]] = {}


def processor(name: str):
    """Register a page processor under *name*."""
    def wrap(func):
        PROCESSORS[name] = func
        return func
    return wrap


@dataclass
class SiteConfig:
    source_dir: Path = Path("docs")
    template_dir: Path = Path("templates")
    output_dir: Path = Path("site")
    cache_file: Path = Path(".docsite-cache.json")
    site_title: str = "Project Docs"
    pipeline: List[str] = field(default_factory=lambda: ["front_matter", "headings", "links", "toc"])

    @classmethod
    def from_json(cls, path: Optional[Path]) -> "SiteConfig":
        cfg = cls()
        if path and path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            for key, value in data.items():
                if not hasattr(cfg, key):
                    log.warning("ignoring unknown config key %s", key)
                    continue
                default = getattr(cfg, key)
                setattr(cfg, key, Path(value) if isinstance(default, Path) else value)
        return cfg


@dataclass
class Page:
    source: Path
    text: str
    meta: Dict[str, str] = field(default_factory=dict)
    headings: List[tuple] = field(default_factory=list)
    html: str = ""

    @property
    def slug(self) -> str:
        return self.source.stem.lower().replace(" ", "-")


class BuildCache:
    def __init__(self, path: Path):
        self.path = path
        self.entries: Dict[str, str] = {}
        if path.exists():
            try:
                self.entries = json.loads(path.read_text())
            except json.JSONDecodeError:
                log.warning("cache file corrupt, starting fresh")

    @staticmethod
    def key_for(text: str) -> str:
        return hashlib.md5(text.encode("utf-8")).hexdigest()

    def is_fresh(self, page: Page) -> bool:
        return self.entries.get(str(page.source)) == self.key_for(page.text)

    def remember(self, page: Page) -> None:
        self.entries[str(page.source)] = self.key_for(page.text)

    def save(self) -> None:
        self.path.write_text(json.dumps(self.entries, indent=2, sort_keys=True))


class BuildContext:
    def __init__(self, config: SiteConfig):
        self.config = config
        self.env = Environment(
            loader=FileSystemLoader(str(config.template_dir)),
            autoescape=select_autoescape(["html", "xml"]),
            trim_blocks=True,
        )
        self.pages: List[Page] = []
        self.stats = {"rendered": 0, "skipped": 0}


@processor("front_matter")
def parse_front_matter(page: Page, ctx: BuildContext) -> None:
    if not page.text.startswith("---\n"):
        return
    header, _, body = page.text[4:].partition("\n---\n")
    for line in header.splitlines():
        if ":" in line:
            key, value = line.split(":", 1)
            page.meta[key.strip()] = value.strip()
    page.text = body


@processor("headings")
def collect_headings(page: Page, ctx: BuildContext) -> None:
    for match in re.finditer(r"^(#{1,4})\s+(.+)$", page.text, flags=re.M):
        page.headings.append((len(match.group(1)), match.group(2).strip()))


@processor("links")
def rewrite_links(page: Page, ctx: BuildContext) -> None:
    page.text = re.sub(r"\]\(([\w\-/]+)\.md\)", r"](\1.html)", page.text)


@processor("toc")
def build_toc(page: Page, ctx: BuildContext) -> None:
    page.meta.setdefault("title", page.headings[0][1] if page.headings else page.slug)


def markdown_to_html(text: str) -> str:
    out = []
    for block in re.split(r"\n{2,}", text.strip()):
        m = re.match(r"^(#{1,4})\s+(.+)$", block)
        if m:
            level = len(m.group(1))
            out.append(f"<h{level}>{m.group(2)}</h{level}>")
        elif block.startswith("    "):
            code = "\n".join(line[4:] for line in block.splitlines())
            out.append(f"<pre><code>{code}</code></pre>")
        else:
            out.append(f"<p>{block}</p>")
    return "\n".join(out)


@contextlib.contextmanager
def timed(label: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        log.info("%s took %.2fs", label, time.perf_counter() - start)


def iter_pages(source_dir: Path) -> Iterator[Page]:
    for path in sorted(source_dir.rglob("*.md")):
        yield Page(source=path, text=path.read_text(encoding="utf-8"))


class SiteBuilder:
    def __init__(self, config: SiteConfig, force: bool = False):
        self.ctx = BuildContext(config)
        self.cache = BuildCache(config.cache_file)
        self.force = force

    def clean(self) -> None:
        out = self.ctx.config.output_dir
        if not out.resolve().is_relative_to(Path.cwd()):
            raise ValueError(f"refusing to clean {out}: outside the project directory")
        if out.exists():
            log.info("removing previous output %s", out)
            shutil.rmtree(out)
        if self.ctx.config.cache_file.exists():
            self.ctx.config.cache_file.unlink()

    def run_pipeline(self, page: Page) -> None:
        for name in self.ctx.config.pipeline:
            step = PROCESSORS.get(name)
            if step is None:
                log.warning("unknown processor %s skipped", name)
                continue
            step(page, self.ctx)

    def render(self, page: Page) -> None:
        template = self.ctx.env.get_template(page.meta.get("layout", "page.html"))
        html = template.render(
            site_title=self.ctx.config.site_title,
            page=page,
            content=markdown_to_html(page.text),
        )
        target = self.ctx.config.output_dir / page.source.relative_to(self.ctx.config.source_dir)
        target = target.with_suffix(".html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")

    def build(self) -> dict:
        with timed("site build"):
            for page in iter_pages(self.ctx.config.source_dir):
                if not self.force and self.cache.is_fresh(page):
                    self.ctx.stats["skipped"] += 1
                    continue
                self.run_pipeline(page)
                self.render(page)
                self.cache.remember(page)
                self.ctx.stats["rendered"] += 1
            self.cache.save()
        return self.ctx.stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("docsite.json"))
    parser.add_argument("--clean", action="store_true", help="remove ./site and the cache first")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    config = SiteConfig.from_json(args.config)
    if not config.source_dir.is_dir():
        log.error("source directory %s not found", config.source_dir)
        return 1
    builder = SiteBuilder(config, force=args.force)
    if args.clean:
        builder.clean()
    stats = builder.build()
    log.info("rendered %(rendered)d pages, skipped %(skipped)d", stats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
