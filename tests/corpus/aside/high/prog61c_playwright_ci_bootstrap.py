#!/usr/bin/env python3
"""Prepare a fresh CI runner for Playwright scraping jobs and smoke-test it.

Chromium needs a set of system libraries (libnss3, libgbm, fonts, ...). On a
fresh runner they are installed through Playwright's install-deps command,
which calls apt-get and therefore runs under sudo.
"""
import argparse
import asyncio
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

log = logging.getLogger("ci-bootstrap")


def run_cmd(cmd):
    log.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        log.error("command failed:\n%s", result.stderr[-2000:])
        raise SystemExit(result.returncode)
    return result.stdout


def ensure_system_deps():
    """Install OS packages Chromium links against (needs root)."""
    if shutil.which("sudo") is None:
        raise SystemExit("sudo not available on this runner")
    run_cmd(["sudo", "-n", sys.executable, "-m", "playwright", "install-deps", "chromium"])


def ensure_browser():
    run_cmd([sys.executable, "-m", "playwright", "install", "chromium"])


async def smoke_test(url, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(headless=True)
        page = await browser.new_page()
        try:
            await page.goto(url, wait_until="domcontentloaded", timeout=30_000)
            title = await page.title()
            await page.screenshot(path=str(out_dir / "smoke.png"))
        finally:
            await browser.close()
    return title


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--smoke-url", default="https://example.com/")
    ap.add_argument("--out", default="ci-artifacts")
    ap.add_argument("--skip-deps", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_deps:
        ensure_system_deps()
    ensure_browser()

    try:
        title = asyncio.run(smoke_test(args.smoke_url, Path(args.out)))
    except PlaywrightError as exc:
        log.error("smoke test failed: %s", exc)
        sys.exit(1)
    log.info("runner ready, smoke page title: %r", title)


if __name__ == "__main__":
    main()
