"""Live documentation builder: renders docs/*.md to HTML in _site/ with
python-markdown and a Jinja2 template, and re-renders a page whenever its
source changes (watchdog)."""
import logging
import shutil
import sys
import time
from pathlib import Path

import markdown
from jinja2 import Environment, FileSystemLoader, select_autoescape
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

log = logging.getLogger("docs")

SRC = Path("docs")
OUT = Path("_site")
TEMPLATES = Path("templates")

env = Environment(loader=FileSystemLoader(str(TEMPLATES)),
                  autoescape=select_autoescape(["html", "xml"]))
md = markdown.Markdown(extensions=["toc", "tables", "fenced_code"])


def target_for(source: Path) -> Path:
    return OUT / source.relative_to(SRC).with_suffix(".html")


def render(source: Path) -> None:
    md.reset()
    body = md.convert(source.read_text(encoding="utf-8"))
    title = getattr(md, "toc_tokens", [{}])[0].get("name", source.stem) if md.toc_tokens else source.stem
    page = env.get_template("page.html").render(title=title, body_html=body, toc_html=md.toc)
    target = target_for(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")
    log.info("rendered %s", target)


def build_all() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)  # our own build output
    OUT.mkdir()
    for source in sorted(SRC.rglob("*.md")):
        render(source)
    static = TEMPLATES / "static"
    if static.is_dir():
        shutil.copytree(static, OUT / "static")


class RebuildHandler(FileSystemEventHandler):
    def __init__(self, debounce: float = 0.3):
        self.debounce = debounce
        self.last: dict[str, float] = {}

    def _changed(self, path: str) -> None:
        now = time.monotonic()
        if now - self.last.get(path, 0) < self.debounce:
            return
        self.last[path] = now
        source = Path(path)
        if source.suffix == ".md" and source.exists():
            try:
                render(source)
            except Exception:
                log.exception("failed to render %s", source)
        elif source.suffix == ".html" and TEMPLATES in source.parents:
            log.info("template changed, rebuilding everything")
            build_all()

    def on_modified(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            self._changed(event.src_path)

    def on_created(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            self._changed(event.src_path)

    def on_deleted(self, event: FileSystemEvent) -> None:
        source = Path(event.src_path)
        if source.suffix == ".md":
            target_for(source).unlink(missing_ok=True)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    build_all()
    if "--watch" not in sys.argv:
        return
    observer = Observer()
    handler = RebuildHandler()
    observer.schedule(handler, str(SRC), recursive=True)
    observer.schedule(handler, str(TEMPLATES), recursive=True)
    observer.start()
    log.info("watching %s and %s for changes (Ctrl-C to stop)", SRC, TEMPLATES)
    try:
        while observer.is_alive():
            observer.join(1)
    except KeyboardInterrupt:
        observer.stop()
    observer.join()


if __name__ == "__main__":
    main()
