#!/usr/bin/env python3
"""Build the newsletter HTML and check every link in it.

Issues of "The Branch Line" are written as JSON articles.  This renders them
through the club template into ./build, then checks each external link with
a HEAD request so we don't send members dead links to trader websites.
"""
import argparse
import concurrent.futures
import json
import logging
import re
import shutil
import sys
from pathlib import Path

import jinja2
import requests

log = logging.getLogger("linkcheck")

BUILD = Path("build")
TEMPLATES = Path("templates")
LINK_RE = re.compile(r'href="(https?://[^"]+)"')
USER_AGENT = "BranchLineLinkChecker/1.2 (+https://www.example.org/club)"


class IssueBuilder:
    def __init__(self, issue_dir, build_dir=BUILD):
        self.issue_dir = issue_dir
        self.build_dir = build_dir
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(TEMPLATES)),
            autoescape=jinja2.select_autoescape(["html"]),
        )

    def clean(self):
        # start from an empty build folder each time
        if self.build_dir.exists():
            shutil.rmtree(self.build_dir)
        self.build_dir.mkdir()

    def articles(self):
        for path in sorted(self.issue_dir.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            data.setdefault("slug", path.stem)
            yield data

    def build(self):
        self.clean()
        tpl = self.env.get_template("article.html")
        pages = []
        for art in self.articles():
            out = self.build_dir / f"{art['slug']}.html"
            out.write_text(tpl.render(article=art), encoding="utf-8")
            pages.append(out)
        log.info("built %d pages", len(pages))
        return pages


def extract_links(pages):
    links = {}
    for page in pages:
        for url in LINK_RE.findall(page.read_text(encoding="utf-8")):
            links.setdefault(url, []).append(page.name)
    return links


def check(url, timeout):
    try:
        resp = requests.head(url, timeout=timeout, allow_redirects=True,
                             headers={"User-Agent": USER_AGENT})
        if resp.status_code == 405:  # some trader sites refuse HEAD
            resp = requests.get(url, timeout=timeout, stream=True,
                                headers={"User-Agent": USER_AGENT})
        return url, resp.status_code, None
    except requests.RequestException as exc:
        return url, None, str(exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("issue", type=Path)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--workers", type=int, default=6)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.issue.is_dir():
        log.error("issue folder %s not found", args.issue)
        return 1
    try:
        pages = IssueBuilder(args.issue).build()
    except (jinja2.TemplateError, json.JSONDecodeError) as exc:
        log.error("build failed: %s", exc)
        return 1

    links = extract_links(pages)
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.workers) as pool:
        for url, status, err in pool.map(lambda u: check(u, args.timeout), links):
            if err or status is None or status >= 400:
                bad += 1
                where = ", ".join(sorted(set(links[url])))
                log.warning("BROKEN %s (%s) in %s", url, err or status, where)
    log.info("%d links checked, %d broken", len(links), bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
