#!/usr/bin/env python3
"""seo_audit_push - run a lightweight on-page SEO audit and push results.

Reads a list of landing pages from a text file, fetches each one, checks the
basics (status code, <title>, meta description, canonical, h1 count) and
pushes a JSON summary to the SiteLens reporting API so the marketing team
sees it on the dashboard.

Usage:
    SITELENS_API_KEY=... python seo_audit_push.py pages.txt --project spring-launch
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, asdict, field
from html.parser import HTMLParser
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

API_BASE = "https://api.sitelens.example.com/v2"
USER_AGENT = "SiteLensAudit/1.4 (+https://sitelens.example.com/bot)"

log = logging.getLogger("seo_audit")


class OnPageParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.title = ""
        self.meta_description = None
        self.canonical = None
        self.h1_count = 0
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "title":
            self._in_title = True
        elif tag == "meta" and (a.get("name") or "").lower() == "description":
            self.meta_description = a.get("content", "")
        elif tag == "link" and (a.get("rel") or "").lower() == "canonical":
            self.canonical = a.get("href")
        elif tag == "h1":
            self.h1_count += 1

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data.strip()


@dataclass
class PageResult:
    url: str
    status: int = 0
    elapsed_ms: int = 0
    title: str = ""
    meta_description: str = ""
    canonical: str = ""
    h1_count: int = 0
    issues: list = field(default_factory=list)


def fetch(url, timeout):
    req = Request(url, headers={"User-Agent": USER_AGENT})
    start = time.monotonic()
    with urlopen(req, timeout=timeout) as resp:
        body = resp.read(2_000_000).decode(resp.headers.get_content_charset() or "utf-8", "replace")
        return resp.status, body, int((time.monotonic() - start) * 1000)


def audit_page(url, timeout):
    result = PageResult(url=url)
    try:
        result.status, body, result.elapsed_ms = fetch(url, timeout)
    except HTTPError as exc:
        result.status = exc.code
        result.issues.append(f"http_{exc.code}")
        return result
    except URLError as exc:
        result.issues.append(f"unreachable: {exc.reason}")
        return result

    parser = OnPageParser()
    parser.feed(body)
    result.title = parser.title
    result.meta_description = parser.meta_description or ""
    result.canonical = parser.canonical or ""
    result.h1_count = parser.h1_count

    if not parser.title:
        result.issues.append("missing_title")
    elif len(parser.title) > 60:
        result.issues.append("title_too_long")
    if not parser.meta_description:
        result.issues.append("missing_meta_description")
    elif len(parser.meta_description) > 160:
        result.issues.append("meta_description_too_long")
    if parser.h1_count != 1:
        result.issues.append(f"h1_count_{parser.h1_count}")
    if not parser.canonical:
        result.issues.append("missing_canonical")
    if result.elapsed_ms > 2500:
        result.issues.append("slow_response")
    return result


def push_report(project, results, api_key, timeout):
    payload = {
        "project": project,
        "generated_at": int(time.time()),
        "pages": [asdict(r) for r in results],
    }
    req = Request(
        f"{API_BASE}/projects/{project}/audits",
        data=json.dumps(payload).encode(),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
            "User-Agent": USER_AGENT,
        },
    )
    with urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", help="text file with one URL per line")
    ap.add_argument("--project", required=True)
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--out", default="audit_latest.json", help="local copy of the report")
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    with open(args.pages, encoding="utf-8") as fh:
        urls = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    log.info("auditing %d pages", len(urls))

    results = []
    for url in urls:
        r = audit_page(url, args.timeout)
        log.info("%s -> %s (%d issues)", url, r.status, len(r.issues))
        results.append(r)

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump([asdict(r) for r in results], fh, indent=2)

    if args.no_push:
        return 0
    api_key = os.environ.get("SITELENS_API_KEY")
    if not api_key:
        log.error("SITELENS_API_KEY is not set; use --no-push for a local run")
        return 2
    try:
        resp = push_report(args.project, results, api_key, args.timeout)
        log.info("report accepted: %s", resp.get("audit_id"))
    except (HTTPError, URLError) as exc:
        log.error("push failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
