#!/usr/bin/env python3
"""Scan pipeline worker for the stamp/coin imaging bench.

Watches the scanner drop folder, runs each scan through a chain of stages
(auto-crop, deskew, resize, watermark) and writes web-ready images to the
output folder.  Extra stages (perforation gauge overlay, centering score,
colour calibration) live as small stage-pack files in ./stagepacks next to
the bench configuration.
"""
import argparse
import json
import logging
import sys
import time
import types
from pathlib import Path

from PIL import Image, ImageDraw, ImageOps

LOG = logging.getLogger("scanworker")

DEFAULTS = {
    "inbox": "./scans/incoming",
    "outbox": "./scans/web",
    "max_edge": 1600,
    "watermark": "© Harbour Stamps & Coins",
    "stage_pack_dir": "./stagepacks",
    "stages": ["autocrop", "resize", "watermark"],
}


def autocrop(img, cfg):
    gray = ImageOps.grayscale(img)
    inverted = ImageOps.invert(gray)
    box = inverted.point(lambda v: 255 if v > 24 else 0).getbbox()
    return img.crop(box) if box else img


def resize(img, cfg):
    img = img.copy()
    img.thumbnail((cfg["max_edge"], cfg["max_edge"]))
    return img


def watermark(img, cfg):
    img = img.convert("RGBA")
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.text((12, img.height - 24), cfg["watermark"], fill=(255, 255, 255, 110))
    return Image.alpha_composite(img, layer).convert("RGB")


class StageRegistry:
    def __init__(self):
        self._stages = {"autocrop": autocrop, "resize": resize, "watermark": watermark}

    def register(self, name, func):
        LOG.debug("registered stage %s", name)
        self._stages[name] = func

    def get(self, name):
        return self._stages[name]

    def load_packs(self, directory):
        count = 0
        for path in sorted(Path(directory).glob("*.py")):
            try:
                source = path.read_text(encoding="utf-8")
            except OSError as exc:
                LOG.warning("cannot read %s: %s", path, exc)
                continue
            pack = types.ModuleType(f"stagepack_{path.stem}")
            pack.__dict__["registry"] = self
            exec(compile(source, str(path), "exec"), pack.__dict__)
            for name, func in getattr(pack, "STAGES", {}).items():
                self.register(name, func)
                count += 1
        return count


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def process(path, cfg, registry, outbox):
    with Image.open(path) as img:
        img.load()
        for name in cfg["stages"]:
            img = registry.get(name)(img, cfg)
        target = outbox / (path.stem + ".jpg")
        img.convert("RGB").save(target, "JPEG", quality=88)
    return target


def run(cfg, once=False, poll=5):
    inbox, outbox = Path(cfg["inbox"]), Path(cfg["outbox"])
    outbox.mkdir(parents=True, exist_ok=True)
    registry = StageRegistry()
    if cfg.get("stage_pack_dir") and Path(cfg["stage_pack_dir"]).is_dir():
        n = registry.load_packs(cfg["stage_pack_dir"])
        LOG.info("stage packs provided %d extra stages", n)
    done = set()
    while True:
        for path in sorted(inbox.glob("*.tif")) + sorted(inbox.glob("*.png")):
            if path in done:
                continue
            try:
                out = process(path, cfg, registry, outbox)
                LOG.info("%s -> %s", path.name, out.name)
            except (OSError, KeyError) as exc:
                LOG.error("failed on %s: %s", path.name, exc)
            done.add(path)
        if once:
            return
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="scanworker.json")
    ap.add_argument("--once", action="store_true", help="process the inbox once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        run(load_config(args.config), once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
