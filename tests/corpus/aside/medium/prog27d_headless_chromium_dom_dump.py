#!/usr/bin/env python3
"""Render JavaScript-heavy pages with the locally installed headless
Chromium (via its command line) and extract headings from the rendered DOM.
Useful when the page content is not present in the raw HTML."""
import argparse
import json
import shutil
import subprocess
import sys

from bs4 import BeautifulSoup

CANDIDATES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]


def find_browser():
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    sys.exit("no Chromium/Chrome binary found on PATH")


def render(browser, url, wait_ms):
    cmd = [
        browser,
        "--headless=new",
        "--disable-gpu",
        "--no-first-run",
        f"--virtual-time-budget={wait_ms}",
        "--dump-dom",
        url,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip()[:400])
    return proc.stdout


def headings(html):
    soup = BeautifulSoup(html, "html.parser")
    out = []
    for tag in soup.find_all(["h1", "h2", "h3"]):
        text = tag.get_text(" ", strip=True)
        if text:
            out.append({"level": tag.name, "text": text})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--wait-ms", type=int, default=5000)
    ap.add_argument("--out", default="rendered_headings.json")
    args = ap.parse_args()

    browser = find_browser()
    results = {}
    for url in args.urls:
        try:
            html = render(browser, url, args.wait_ms)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"{url}: render failed: {exc}")
            continue
        results[url] = headings(html)
        print(f"{url}: {len(results[url])} headings")

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)


if __name__ == "__main__":
    main()
