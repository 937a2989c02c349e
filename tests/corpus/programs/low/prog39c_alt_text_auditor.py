#!/usr/bin/env python3
"""Audit published documentation pages for basic accessibility problems.

For every URL listed in ./a11y/pages.txt the page is fetched and checked for
images without alt text, form inputs without labels, skipped heading levels
and a missing lang attribute.  Linked images are probed with HEAD to catch
broken references.  Results go to ./a11y/reports/<date>.md.
"""

import argparse
import datetime as dt
import logging
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import urljoin
from urllib.request import Request, urlopen

logger = logging.getLogger("alt-audit")
UA = "docs-a11y-audit/2.1 (+internal)"


class PageChecker(HTMLParser):
    def __init__(self, base_url):
        super().__init__(convert_charrefs=True)
        self.base_url = base_url
        self.findings = []
        self.images = []
        self.labels_for = set()
        self.inputs = []
        self.last_heading = 0
        self.has_lang = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html" and a.get("lang"):
            self.has_lang = True
        elif tag == "img":
            src = a.get("src")
            if src:
                self.images.append(urljoin(self.base_url, src))
            if "alt" not in a and a.get("role") != "presentation":
                self.findings.append(f"img without alt: {src}")
        elif tag == "label" and a.get("for"):
            self.labels_for.add(a["for"])
        elif tag == "input" and a.get("type") not in ("hidden", "submit", "button"):
            self.inputs.append((a.get("id"), a.get("aria-label"), a.get("name")))
        elif len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            level = int(tag[1])
            if self.last_heading and level > self.last_heading + 1:
                self.findings.append(f"heading jumps from h{self.last_heading} to h{level}")
            self.last_heading = level

    def finish(self):
        if not self.has_lang:
            self.findings.append("<html> has no lang attribute")
        for ident, aria, name in self.inputs:
            if not aria and (not ident or ident not in self.labels_for):
                self.findings.append(f"input without label: {name or ident or '?'}")
        return self.findings


def fetch(url, timeout):
    req = Request(url, headers={"User-Agent": UA})
    with urlopen(req, timeout=timeout) as resp:
        charset = resp.headers.get_content_charset() or "utf-8"
        return resp.read().decode(charset, errors="replace")


def probe_image(url, timeout):
    req = Request(url, headers={"User-Agent": UA}, method="HEAD")
    try:
        with urlopen(req, timeout=timeout) as resp:
            ctype = resp.headers.get("Content-Type", "")
            return None if ctype.startswith("image/") else f"not an image ({ctype})"
    except HTTPError as exc:
        return f"HTTP {exc.code}"
    except URLError as exc:
        return str(exc.reason)


def host_description():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            key, _, value = line.partition("=")
            info[key] = value.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown OS")


def audit(urls, timeout, check_images):
    report = {}
    for url in urls:
        try:
            html = fetch(url, timeout)
        except (HTTPError, URLError, TimeoutError) as exc:
            report[url] = [f"fetch failed: {exc}"]
            continue
        checker = PageChecker(url)
        checker.feed(html)
        findings = checker.finish()
        if check_images:
            for img in sorted(set(checker.images))[:50]:
                problem = probe_image(img, timeout)
                if problem:
                    findings.append(f"broken image {img}: {problem}")
        report[url] = findings
        logger.info("%s: %d finding(s)", url, len(findings))
    return report


def write_report(report, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{dt.date.today().isoformat()}.md"
    lines = [f"# Accessibility audit {dt.datetime.now():%Y-%m-%d %H:%M}",
             f"_runner: {host_description()}_", ""]
    for url, findings in report.items():
        lines.append(f"## {url}")
        lines.extend(f"- {f}" for f in findings) if findings else lines.append("- no issues found")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", default="a11y/pages.txt", type=Path)
    ap.add_argument("--out", default="a11y/reports", type=Path)
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--no-images", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    urls = [u.strip() for u in args.pages.read_text().splitlines()
            if u.strip() and not u.startswith("#")]
    report = audit(urls, args.timeout, not args.no_images)
    path = write_report(report, args.out)
    total = sum(len(v) for v in report.values())
    logger.info("wrote %s (%d findings)", path, total)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
