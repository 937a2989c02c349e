#!/usr/bin/env python3
"""Collect per-chapter statistics for a manuscript and push them to the
Pressroom editorial dashboard so production editors can track progress."""

import argparse
import json
import logging
import os
import re
import sys
import tempfile
from dataclasses import dataclass, asdict, field
from pathlib import Path

import requests

LOG = logging.getLogger("ms-stats")
DASHBOARD_URL = "https://api.pressroom.example.com/v2/manuscripts/{slug}/stats"
WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F']+")


@dataclass
class ChapterStats:
    name: str
    words: int
    paragraphs: int
    footnotes: int


@dataclass
class ManuscriptReport:
    slug: str
    chapters: list = field(default_factory=list)

    @property
    def total_words(self):
        return sum(c.words for c in self.chapters)

    def to_payload(self):
        return {
            "slug": self.slug,
            "total_words": self.total_words,
            "chapters": [asdict(c) for c in self.chapters],
        }


def analyse_chapter(path: Path) -> ChapterStats:
    text = path.read_text(encoding="utf-8", errors="replace")
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    footnotes = len(re.findall(r"\[\^\d+\]:", text))
    return ChapterStats(path.stem, len(WORD_RE.findall(text)), len(paragraphs), footnotes)


def build_report(src_dir: Path, slug: str) -> ManuscriptReport:
    report = ManuscriptReport(slug=slug)
    for chapter in sorted(src_dir.glob("*.md")):
        LOG.debug("analysing %s", chapter.name)
        report.chapters.append(analyse_chapter(chapter))
    return report


def stage_payload(report: ManuscriptReport) -> Path:
    """Write the payload to a scratch file first so a failed upload can be retried."""
    fd, name = tempfile.mkstemp(prefix="ms-stats-", suffix=".json", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(report.to_payload(), fh, indent=2)
    return Path(name)


def upload(staged: Path, slug: str, api_key: str, timeout: float) -> int:
    body = json.loads(staged.read_text())
    headers = {"Authorization": f"Bearer {api_key}", "Accept": "application/json"}
    resp = requests.post(DASHBOARD_URL.format(slug=slug), json=body,
                         headers=headers, timeout=timeout)
    LOG.info("dashboard answered %s", resp.status_code)
    return resp.status_code


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("slug", help="manuscript slug on the dashboard")
    ap.add_argument("--src", default="chapters", type=Path)
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.src.is_dir():
        LOG.error("no chapter directory at %s", args.src)
        return 2
    report = build_report(args.src, args.slug)
    LOG.info("%d chapters, %d words", len(report.chapters), report.total_words)
    staged = stage_payload(report)
    if args.dry_run:
        print(staged.read_text())
        staged.unlink()
        return 0

    api_key = os.environ.get("PRESSROOM_API_KEY")
    if not api_key:
        LOG.error("PRESSROOM_API_KEY is not set; staged payload kept at %s", staged)
        return 3
    try:
        status = upload(staged, args.slug, api_key, args.timeout)
    except requests.RequestException as exc:
        LOG.error("upload failed (%s); staged payload kept at %s", exc, staged)
        return 4
    if 200 <= status < 300:
        staged.unlink()
        return 0
    return 5


if __name__ == "__main__":
    sys.exit(main())
