#!/usr/bin/env python3
"""Capture rendered HTML and screenshots of JavaScript-heavy pages with Playwright.

If the Chromium build Playwright needs is missing, it is installed first with the
Playwright CLI (user-level install into the Playwright cache).
"""
import argparse
import asyncio
import logging
import subprocess
import sys
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

log = logging.getLogger("capture")


def ensure_browser():
    """Install the Chromium build for the current Playwright version."""
    cmd = [sys.executable, "-m", "playwright", "install", "chromium"]
    log.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        log.error("browser install failed:\n%s", result.stderr)
        raise SystemExit(result.returncode)


async def capture(context, url, out_dir, wait_selector):
    page = await context.new_page()
    try:
        await page.goto(url, wait_until="networkidle", timeout=45_000)
        if wait_selector:
            await page.wait_for_selector(wait_selector, timeout=15_000)
        slug = url.split("//", 1)[-1].replace("/", "_").strip("_")[:80]
        (out_dir / f"{slug}.html").write_text(await page.content(), encoding="utf-8")
        await page.screenshot(path=str(out_dir / f"{slug}.png"), full_page=True)
        log.info("captured %s", url)
        return True
    except PlaywrightError as exc:
        log.warning("failed %s: %s", url, exc)
        return False
    finally:
        await page.close()


async def run(urls, out_dir, concurrency, wait_selector):
    out_dir.mkdir(parents=True, exist_ok=True)
    sem = asyncio.Semaphore(concurrency)
    async with async_playwright() as pw:
        try:
            browser = await pw.chromium.launch(headless=True)
        except PlaywrightError:
            ensure_browser()
            browser = await pw.chromium.launch(headless=True)
        context = await browser.new_context(
            viewport={"width": 1366, "height": 900},
            user_agent="Mozilla/5.0 (X11; Linux x86_64) CaptureBot/1.1",
        )

        async def guarded(u):
            async with sem:
                return await capture(context, u, out_dir, wait_selector)

        results = await asyncio.gather(*(guarded(u) for u in urls))
        await browser.close()
    return sum(results)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("urls", nargs="+")
    ap.add_argument("--out", default="captures")
    ap.add_argument("--concurrency", type=int, default=3)
    ap.add_argument("--wait-for", default=None, help="CSS selector to await")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ok = asyncio.run(run(args.urls, Path(args.out), args.concurrency, args.wait_for))
    log.info("%d/%d pages captured", ok, len(args.urls))


if __name__ == "__main__":
    main()
