#!/usr/bin/env python3
"""Fetch and unpack seasonal UI themes for the check-in kiosks.

Marketing publishes a theme bundle per sailing season (backgrounds, logos,
colour palette). This pulls the bundle, unpacks it under ./themes and keeps
a small index cache so the kiosk UI can list installed themes quickly.
"""
import argparse
import hashlib
import io
import json
import logging
import pickle
import sys
import tarfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("theme-loader")

CONFIG = {
    "base": "https://assets.example.com/kiosk/themes/",
    "dest": Path("./themes"),
    "index": Path("./themes/.index.cache"),
    "timeout": 30,
}


class ThemeIndex:
    """Installed themes, cached between runs."""

    def __init__(self, path):
        self.path = path
        self.entries = {}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.entries = pickle.load(fh)
        return self

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def record(self, name, meta, digest):
        self.entries[name] = {"meta": meta, "sha256": digest}


def download(name, cfg):
    url = cfg["base"] + name + ".tar.gz"
    LOG.info("downloading %s", url)
    with urllib.request.urlopen(url, timeout=cfg["timeout"]) as resp:
        if resp.status != 200:
            raise RuntimeError("HTTP %d for %s" % (resp.status, url))
        return resp.read()


def unpack(blob, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        names = tar.getnames()
        tar.extractall(path=target)
    return names


def read_meta(theme_dir):
    meta_file = theme_dir / "theme.json"
    if not meta_file.exists():
        return {"title": theme_dir.name}
    with meta_file.open(encoding="utf-8") as fh:
        meta = json.load(fh)
    return {k: meta.get(k) for k in ("title", "season", "palette", "logo")}


def install(name, cfg, index, expected=None):
    blob = download(name, cfg)
    digest = hashlib.sha256(blob).hexdigest()
    if expected and digest != expected:
        raise RuntimeError("checksum mismatch for %s" % name)
    theme_dir = cfg["dest"] / name
    names = unpack(blob, theme_dir)
    LOG.info("unpacked %d entries into %s", len(names), theme_dir)
    index.record(name, read_meta(theme_dir), digest)


def list_themes(index):
    if not index.entries:
        print("no themes installed")
    for name, entry in sorted(index.entries.items()):
        meta = entry["meta"]
        print("%-20s %-24s %s" % (name, meta.get("title"), meta.get("season") or ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description="kiosk theme loader")
    sub = ap.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("install")
    i.add_argument("names", nargs="+")
    i.add_argument("--sha256", help="expected digest (single theme only)")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    index = ThemeIndex(CONFIG["index"]).load()
    if args.cmd == "list":
        list_themes(index)
        return 0
    failures = 0
    for name in args.names:
        try:
            install(name, CONFIG, index, args.sha256 if len(args.names) == 1 else None)
        except (OSError, RuntimeError, tarfile.TarError) as exc:
            LOG.error("theme %s failed: %s", name, exc)
            failures += 1
    index.save()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
