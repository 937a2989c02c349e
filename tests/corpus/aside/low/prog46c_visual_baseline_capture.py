#!/usr/bin/env python3
"""Capture visual-regression baselines for a list of pages with Playwright.

Pages come from ./pages.json; screenshots land in ./baselines/<viewport>/.
An MD5 of each PNG is used as a cache key so unchanged pages are not rewritten.
"""
import argparse
import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright, TimeoutError as PWTimeout

log = logging.getLogger("baseline")

VIEWPORTS = {
    "desktop": {"width": 1440, "height": 900},
    "tablet": {"width": 834, "height": 1112},
    "phone": {"width": 390, "height": 844},
}


@dataclass
class PageSpec:
    name: str
    url: str
    wait_for: str = "body"
    full_page: bool = True


def load_specs(path: Path) -> list:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [PageSpec(**entry) for entry in raw.get("pages", [])]


def cache_key(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()


class BaselineStore:
    def __init__(self, root: Path):
        self.root = root
        self.index_file = root / "index.json"
        self.index = {}
        if self.index_file.exists():
            self.index = json.loads(self.index_file.read_text())

    def save(self, viewport: str, spec: PageSpec, png: bytes) -> bool:
        key = cache_key(png)
        slot = f"{viewport}/{spec.name}"
        if self.index.get(slot) == key:
            log.debug("unchanged: %s", slot)
            return False
        target = self.root / viewport / f"{spec.name}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
        self.index[slot] = key
        return True

    def flush(self):
        self.index_file.write_text(json.dumps(self.index, indent=2, sort_keys=True))


def capture(specs, store: BaselineStore, viewports, timeout_ms: int) -> int:
    changed = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(headless=True)
        try:
            for vp_name in viewports:
                ctx = browser.new_context(viewport=VIEWPORTS[vp_name], reduced_motion="reduce")
                page = ctx.new_page()
                for spec in specs:
                    try:
                        page.goto(spec.url, wait_until="networkidle", timeout=timeout_ms)
                        page.wait_for_selector(spec.wait_for, timeout=timeout_ms)
                        png = page.screenshot(full_page=spec.full_page, animations="disabled")
                    except PWTimeout:
                        log.warning("timeout on %s (%s)", spec.name, vp_name)
                        continue
                    if store.save(vp_name, spec, png):
                        changed += 1
                        log.info("updated %s/%s", vp_name, spec.name)
                ctx.close()
        finally:
            browser.close()
    store.flush()
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pages", type=Path, default=Path("pages.json"))
    ap.add_argument("--out", type=Path, default=Path("baselines"))
    ap.add_argument("--viewport", action="append", choices=sorted(VIEWPORTS))
    ap.add_argument("--timeout", type=int, default=15000)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    specs = load_specs(args.pages)
    if not specs:
        log.error("no pages defined in %s", args.pages)
        return 1
    store = BaselineStore(args.out)
    changed = capture(specs, store, args.viewport or list(VIEWPORTS), args.timeout)
    log.info("%d baseline(s) updated", changed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
