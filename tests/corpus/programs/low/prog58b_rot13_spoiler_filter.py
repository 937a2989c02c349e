#!/usr/bin/env python3
"""Hide or reveal spoilers in forum posts using ROT13.

Spoiler blocks are written as >!text!< (Reddit style).  In "hide" mode their
text is ROT13-encoded, in "reveal" mode it is decoded again.  Posts are read
from ./posts (or fetched from a URL with a plain GET) and written to ./out.
"""
import argparse
import codecs
import logging
import re
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("spoilers")
SPOILER_RE = re.compile(r">!(.+?)!<", re.DOTALL)
_rot = codecs.getencoder("rot_13")


class SpoilerFilter:
    def __init__(self, mode: str, marker: bool = True):
        if mode not in ("hide", "reveal"):
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        self.marker = marker
        self.count = 0

    def _swap(self, match: re.Match) -> str:
        self.count += 1
        body = match.group(1)
        if self.mode == "hide":
            if body.startswith("[r13]"):
                return match.group(0)            # already hidden
            tag = "[r13]" if self.marker else ""
            return f">!{tag}{_rot(body)[0]}!<"
        if body.startswith("[r13]"):
            body = body[len("[r13]"):]
        return ">!" + codecs.decode(body, "rot13") + "!<"

    def apply(self, text: str) -> str:
        return SPOILER_RE.sub(self._swap, text)


def fetch_post(url: str, timeout: float) -> str:
    req = urllib.request.Request(url, headers={"User-Agent": "spoiler-filter/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        charset = resp.headers.get_content_charset() or "utf-8"
        return resp.read().decode(charset, errors="replace")


def process_file(src: Path, out_dir: Path, flt: SpoilerFilter) -> Path:
    text = src.read_text(encoding="utf-8")
    result = flt.apply(text)
    out_dir.mkdir(parents=True, exist_ok=True)
    dest = out_dir / src.name
    dest.write_text(result, encoding="utf-8")
    return dest


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=["hide", "reveal"])
    ap.add_argument("--posts", type=Path, default=Path("posts"))
    ap.add_argument("--out", type=Path, default=Path("out"))
    ap.add_argument("--url", help="fetch one post over HTTP(S) instead")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--no-marker", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(name)s: %(message)s")
    flt = SpoilerFilter(args.mode, marker=not args.no_marker)
    if args.url:
        try:
            text = fetch_post(args.url, args.timeout)
        except OSError as exc:
            log.error("could not fetch %s: %s", args.url, exc)
            return 1
        sys.stdout.write(flt.apply(text))
        return 0
    if not args.posts.is_dir():
        log.error("no posts directory at %s", args.posts)
        return 1
    for src in sorted(args.posts.glob("*.md")):
        dest = process_file(src, args.out, flt)
        log.info("%s -> %s", src, dest)
    log.info("%s %d spoiler block(s)", "hid" if args.mode == "hide" else "revealed", flt.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
