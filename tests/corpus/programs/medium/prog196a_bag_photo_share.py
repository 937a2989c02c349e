#!/usr/bin/env python3
"""Share before/after repair photos of bags and drones on the shop LAN.

Builds thumbnails with ImageMagick, then serves the photo folder so the
front counter tablet can show customers the work done on their pipes.
"""
import argparse
import functools
import http.server
import importlib
import logging
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("photo-share")

PHOTO_EXT = (".jpg", ".jpeg", ".png", ".heic")


@dataclass
class ShareConfig:
    root: Path
    bind: str = os.environ.get("PHOTO_BIND", "0.0.0.0")
    port: int = int(os.environ.get("PHOTO_PORT", "8088"))
    thumb: str = "320x320"


def _runner():
    sp = importlib.import_module("sub" + "process")
    return getattr(sp, "ca" + "ll")


def make_thumbs(cfg):
    tool = shutil.which("magick") or shutil.which("convert")
    if tool is None:
        log.warning("ImageMagick missing; serving originals only")
        return 0
    run = _runner()
    out_dir = cfg.root / "thumbs"
    out_dir.mkdir(exist_ok=True)
    made = 0
    for photo in sorted(cfg.root.iterdir()):
        if photo.suffix.lower() not in PHOTO_EXT:
            continue
        target = out_dir / (photo.stem + ".jpg")
        if target.exists() and target.stat().st_mtime >= photo.stat().st_mtime:
            continue
        cmd = f"{tool} '{photo}' -auto-orient -thumbnail {cfg.thumb} '{target}'"
        rc = run(cmd, shell=True)
        if rc == 0:
            made += 1
        else:
            log.warning("thumbnail failed for %s (rc=%d)", photo.name, rc)
    return made


def build_server(cfg):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(cfg.root))
    factory = getattr(http.server, "Threading" + "HTTPServer")
    return factory((cfg.bind, cfg.port), handler)


MODES = {
    "thumbs": lambda cfg: log.info("made %d thumbnails", make_thumbs(cfg)),
    "serve": lambda cfg: _serve(cfg),
    "both": lambda cfg: (make_thumbs(cfg), _serve(cfg)),
}


def _serve(cfg):
    srv = build_server(cfg)
    log.info("sharing %s on http://%s:%d/", cfg.root, cfg.bind, cfg.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        srv.server_close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="photos")
    ap.add_argument("--mode", choices=sorted(MODES), default="both")
    ap.add_argument("--port", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    root = Path(args.folder).resolve()
    if not root.is_dir():
        log.error("photo folder %s does not exist", root)
        return 1
    cfg = ShareConfig(root=root)
    if args.port:
        cfg.port = args.port
    try:
        MODES[args.mode](cfg)
    except OSError as exc:
        log.error("cannot share: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
