#!/usr/bin/env python3
"""Push finished listing drafts to the shop's eBay inventory.

Reads the drafts/*.json written by the listing helper, checks each one
against eBay's limits, writes a small HTML preview (with the thumbnail
embedded) for the online volunteer to eyeball, and then creates or updates
the inventory item through the eBay Sell Inventory API.

    ebay_inventory_push.py [--drafts drafts] [--preview-only] [--sandbox]

Needs EBAY_OAUTH_TOKEN (user token with sell.inventory scope).
"""
import argparse
import base64
import html
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import httpx

log = logging.getLogger("ebay-push")

HOSTS = {False: "https://api.ebay.com", True: "https://api.sandbox.ebay.com"}
TITLE_MAX = 80
PREVIEW_DIR = Path("previews")


@dataclass
class Draft:
    sku: str
    title: str
    condition: str
    description_html: str
    start_price: float
    photos: list = field(default_factory=list)
    source: Path = None

    @classmethod
    def from_file(cls, path):
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls(sku=str(raw["sku"]), title=raw["title"], condition=raw.get("condition", "USED_GOOD"),
                   description_html=raw.get("description_html", ""),
                   start_price=float(raw.get("start_price", 0.99)),
                   photos=raw.get("photos", []), source=path)

    def problems(self):
        issues = []
        if len(self.title) > TITLE_MAX:
            issues.append(f"title is {len(self.title)} chars (max {TITLE_MAX})")
        if self.start_price <= 0:
            issues.append("price must be positive")
        if not self.photos:
            issues.append("no photos")
        return issues


def write_preview(draft):
    PREVIEW_DIR.mkdir(exist_ok=True)
    thumb = ""
    first = Path(draft.photos[0]) if draft.photos else None
    if first and first.exists():
        encoded = base64.b64encode(first.read_bytes()).decode("ascii")
        thumb = f'<img style="max-width:320px" src="data:image/jpeg;base64,{encoded}">'
    page = (f"<html><body><h2>{html.escape(draft.title)}</h2>{thumb}"
            f"<p>£{draft.start_price:.2f} &middot; {html.escape(draft.condition)}</p>"
            f"<div>{draft.description_html}</div></body></html>")
    out = PREVIEW_DIR / f"{draft.sku}.html"
    out.write_text(page, encoding="utf-8")
    return out


class InventoryClient:
    def __init__(self, token, sandbox=False):
        self.client = httpx.Client(
            base_url=HOSTS[sandbox],
            headers={"Authorization": f"Bearer {token}",
                     "Content-Language": "en-GB",
                     "Accept": "application/json"},
            timeout=httpx.Timeout(30.0, connect=10.0))

    def upsert(self, draft):
        body = {
            "availability": {"shipToLocationAvailability": {"quantity": 1}},
            "condition": draft.condition,
            "product": {
                "title": draft.title,
                "description": draft.description_html,
                "imageUrls": [p for p in draft.photos if p.startswith("https://")],
            },
        }
        r = self.client.put(f"/sell/inventory/v1/inventory_item/{draft.sku}", json=body)
        if r.status_code not in (200, 201, 204):
            raise RuntimeError(f"{draft.sku}: eBay said {r.status_code}: {r.text[:300]}")

    def close(self):
        self.client.close()


def main():
    ap = argparse.ArgumentParser(description="Push listing drafts to eBay inventory")
    ap.add_argument("--drafts", default="drafts")
    ap.add_argument("--preview-only", action="store_true")
    ap.add_argument("--sandbox", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    drafts = []
    for path in sorted(Path(args.drafts).glob("*.json")):
        try:
            d = Draft.from_file(path)
        except (KeyError, ValueError) as exc:
            log.error("%s unreadable: %s", path.name, exc)
            continue
        issues = d.problems()
        if issues:
            log.warning("%s held back: %s", d.sku, "; ".join(issues))
            continue
        log.info("preview %s", write_preview(d))
        drafts.append(d)

    if args.preview_only or not drafts:
        return 0
    token = os.environ.get("EBAY_OAUTH_TOKEN")
    if not token:
        log.error("EBAY_OAUTH_TOKEN not set; previews written, nothing pushed")
        return 2
    client = InventoryClient(token, sandbox=args.sandbox)
    failed = 0
    try:
        for d in drafts:
            try:
                client.upsert(d)
                log.info("pushed %s", d.sku)
            except (httpx.HTTPError, RuntimeError) as exc:
                failed += 1
                log.error("%s", exc)
    finally:
        client.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
