#!/usr/bin/env python3
"""Preserve web pages as self-contained captures for later citation.

For every URL in the input list the page is fetched, cleaned by the matching
site rule (cookie banners, tracking parameters, lazy-load placeholders), and
stored under ./captures/<sha256-of-url>/ with a meta.json that records the
fetch time, final URL, status and content hash.

Site rules are small Python files in ./site_rules/. Each defines
    DOMAINS = ["example.org", ...]
    def clean(html: str, url: str) -> str
so desk editors can add a rule for a new outlet without touching this tool.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import sys
import time
import types
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("page_preserver")

UA = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
      "Chrome/124.0 Safari/537.36 newsroom-preserver/2.1")


class RuleBook:
    """Holds the loaded site rules and picks one per URL."""

    def __init__(self):
        self.rules = []

    def add_source(self, name, source):
        mod = types.ModuleType(f"site_rule_{name}")
        mod.__dict__["log"] = log.getChild(name)
        exec(compile(source, f"<rule {name}>", "exec"), mod.__dict__)
        if not hasattr(mod, "clean"):
            log.warning("rule %s has no clean(); skipped", name)
            return
        self.rules.append(mod)
        log.debug("rule %s covers %s", name, getattr(mod, "DOMAINS", []))

    def load_dir(self, rules_dir):
        for path in sorted(Path(rules_dir).glob("*.py")):
            try:
                self.add_source(path.stem, path.read_text(encoding="utf-8"))
            except Exception as exc:  # a broken rule must not stop the run
                log.error("could not load rule %s: %s", path.name, exc)
        log.info("%d site rules active", len(self.rules))

    def for_url(self, url):
        host = urlsplit(url).hostname or ""
        for rule in self.rules:
            if any(host == d or host.endswith("." + d) for d in getattr(rule, "DOMAINS", [])):
                return rule
        return None


def fetch(session, url, retries=3):
    for attempt in range(1, retries + 1):
        try:
            resp = session.get(url, timeout=(10, 30), allow_redirects=True)
            if resp.status_code in (429, 503) and attempt < retries:
                time.sleep(int(resp.headers.get("Retry-After", "5")))
                continue
            return resp
        except requests.RequestException as exc:
            log.warning("%s: attempt %d failed: %s", url, attempt, exc)
            time.sleep(2 * attempt)
    return None


def preserve(session, rulebook, url, out_root):
    resp = fetch(session, url)
    if resp is None:
        return None
    html = resp.text
    rule = rulebook.for_url(resp.url)
    if rule is not None:
        try:
            html = rule.clean(html, resp.url)
        except Exception as exc:
            log.error("rule %s failed on %s: %s", rule.__name__, url, exc)
    key = hashlib.sha256(url.encode("utf-8")).hexdigest()[:24]
    cap_dir = Path(out_root) / key
    cap_dir.mkdir(parents=True, exist_ok=True)
    (cap_dir / "page.html").write_text(html, encoding="utf-8")
    meta = {
        "requested_url": url,
        "final_url": resp.url,
        "status": resp.status_code,
        "fetched_at": dt.datetime.now(dt.timezone.utc).isoformat(),
        "content_sha256": hashlib.sha256(html.encode("utf-8")).hexdigest(),
        "rule": rule.__name__ if rule else None,
        "headers": {k: v for k, v in resp.headers.items()
                    if k.lower() in ("date", "last-modified", "etag", "content-type")},
    }
    (cap_dir / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    return cap_dir


def read_urls(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line and not line.startswith("#"):
                yield line


def main(argv=None):
    ap = argparse.ArgumentParser(description="Preserve web pages for citation")
    ap.add_argument("urls", help="text file with one URL per line")
    ap.add_argument("-o", "--out", default="captures")
    ap.add_argument("--rules-dir", default="site_rules")
    ap.add_argument("--delay", type=float, default=2.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    rulebook = RuleBook()
    if Path(args.rules_dir).is_dir():
        rulebook.load_dir(args.rules_dir)

    session = requests.Session()
    session.headers.update({"User-Agent": UA, "Accept-Language": "en;q=0.9"})
    ok = failed = 0
    for url in read_urls(args.urls):
        cap = preserve(session, rulebook, url, args.out)
        if cap:
            ok += 1
            log.info("preserved %s -> %s", url, cap)
        else:
            failed += 1
        time.sleep(args.delay)
    log.info("done: %d preserved, %d failed", ok, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
