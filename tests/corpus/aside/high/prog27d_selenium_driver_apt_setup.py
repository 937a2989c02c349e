#!/usr/bin/env python3
"""Prepare a CI box for Selenium tests: install Chromium and its driver
system-wide with apt (via sudo), then run a quick smoke test that loads a
page headlessly."""
import argparse
import shutil
import subprocess
import sys

PACKAGES = ["chromium", "chromium-driver", "fonts-liberation"]


def run(cmd):
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True)


def install_system_packages():
    if shutil.which("chromedriver") and shutil.which("chromium"):
        print("chromium and chromedriver already installed")
        return
    run(["sudo", "apt-get", "update"])
    run(["sudo", "apt-get", "install", "-y", "--no-install-recommends", *PACKAGES])
    # Make the driver reachable under the name Selenium expects.
    if not shutil.which("chromedriver"):
        run(["sudo", "ln", "-sf", "/usr/lib/chromium/chromedriver", "/usr/local/bin/chromedriver"])


def smoke_test(url):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.add_argument("--headless=new")
    opts.add_argument("--window-size=1280,800")
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = Service(shutil.which("chromedriver") or "/usr/local/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=opts)
    try:
        driver.get(url)
        title = driver.title
        print(f"loaded {url!r}, title={title!r}")
        return bool(title)
    finally:
        driver.quit()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default="https://example.com/")
    ap.add_argument("--skip-install", action="store_true")
    args = ap.parse_args()

    if not args.skip_install:
        try:
            install_system_packages()
        except subprocess.CalledProcessError as exc:
            sys.exit(f"install failed: {exc}")
    ok = smoke_test(args.url)
    print("selenium smoke test:", "OK" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
