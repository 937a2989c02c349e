#!/usr/bin/env python3
"""Render lot catalogue images with the house plugins.

Loads the render settings for a sale, applies the bundled compatibility
shim for older camera profiles, and produces the list of render jobs the
batch renderer picks up.
"""
import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("render_loader")

# Compatibility shim shipped by the catalogue tools team (kept inline so
# the loader works on machines without the plugin share mounted).
_COMPAT_SHIM = (
    "eJxLSU1TSCwoyKmMT87PLUgs0ShOLSnJzEsv1rTiUgACGFcPyEhJTUsszSnRUMpMTo4vKMpPy8xJ"
    "VdJRUCoOcndS0sStPKsgNT2+sDQxJ7OkEqjewgKitii1pLQoD66FCwAuMy8f"
)

DEFAULT_SETTINGS = {
    "long_edge_px": 2400,
    "sharpen": 0.4,
    "watermark": "lot_number",
}


class RenderPlan:
    """Builds render jobs for the images of a sale."""

    def __init__(self, sale_code: str, settings: dict):
        self.sale_code = sale_code
        self.settings = settings
        self.jobs = []

    def add_images(self, folder: Path):
        for image in sorted(folder.glob("*.tif")) + sorted(folder.glob("*.jpg")):
            lot = image.stem.split("_")[0]
            self.jobs.append({
                "sale": self.sale_code,
                "lot": lot,
                "source": str(image),
                "output": f"render/{self.sale_code}/{image.stem}.jpg",
                "settings": self.settings,
            })
        LOG.info("planned %d render job(s)", len(self.jobs))

    def write(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.jobs, indent=2))
        LOG.info("wrote %s", path)


def load_compat_shim() -> dict:
    """Decode and load the inline compatibility shim."""
    namespace: dict = {}
    code = zlib.decompress(base64.b64decode(_COMPAT_SHIM)).decode("utf-8")
    exec(compile(code, "<compat_shim>", "exec"), namespace)
    return namespace


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULT_SETTINGS)
    if path.exists():
        try:
            settings.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            LOG.warning("ignoring bad settings file %s: %s", path, exc)
    return settings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sale_code")
    parser.add_argument("--images", type=Path, default=Path("captures"))
    parser.add_argument("--settings", type=Path, default=Path("render_settings.json"))
    parser.add_argument("--out", type=Path, default=Path("render_jobs.json"))
    parser.add_argument("--no-shim", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.images.is_dir():
        LOG.error("image folder %s not found", args.images)
        return 1

    settings = load_settings(args.settings)
    if not args.no_shim:
        shim = load_compat_shim()
        apply = shim.get("apply_compat")
        if callable(apply):
            settings = apply(settings)
            LOG.info("compat shim applied")

    plan = RenderPlan(args.sale_code, settings)
    plan.add_images(args.images)
    plan.write(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
