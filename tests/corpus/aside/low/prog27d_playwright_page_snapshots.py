#!/usr/bin/env python3
"""Headless smoke test: open each page of a site with Playwright, check the
title is non-empty and no console errors fire, and save a full-page
screenshot of the web page into ./snapshots/."""
import argparse
import json
import os
import re

from playwright.sync_api import sync_playwright

OUT_DIR = "snapshots"


def slug(url):
    return re.sub(r"[^A-Za-z0-9]+", "_", url).strip("_")[:80] or "page"


def check_page(browser, url, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    response = page.goto(url, wait_until="networkidle", timeout=30000)
    status = response.status if response else None
    title = page.title()
    shot = os.path.join(OUT_DIR, slug(url) + ".png")
    page.screenshot(path=shot, full_page=True)
    context.close()
    return {
        "url": url,
        "status": status,
        "title": title,
        "console_errors": errors,
        "screenshot": shot,
        "ok": bool(title) and status is not None and status < 400 and not errors,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=800)
    args = ap.parse_args()

    os.makedirs(OUT_DIR, exist_ok=True)
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(headless=True)
        try:
            for url in args.urls:
                try:
                    results.append(check_page(browser, url, args.width, args.height))
                except Exception as exc:  # noqa: BLE001 - report and continue
                    results.append({"url": url, "ok": False, "error": str(exc)})
        finally:
            browser.close()

    with open(os.path.join(OUT_DIR, "results.json"), "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    failed = [r for r in results if not r.get("ok")]
    for r in results:
        mark = "PASS" if r.get("ok") else "FAIL"
        print(f"[{mark}] {r['url']} {r.get('title', r.get('error', ''))}")
    print(f"{len(results) - len(failed)}/{len(results)} pages passed")
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
