#!/usr/bin/env python3
"""dotfiles-snapshot: keep dated tarballs of your shell/editor config in ./snapshots.

Usage:
    dotfiles_snapshot.py [--config dotsnap.toml] [--keep 10] [--force] [-v]

A new snapshot is only written when the tracked files changed since the last
one (a digest of the file contents is stored in snapshots/.last_digest).
"""
import argparse
import hashlib
import io
import logging
import os
import tarfile
import time
from pathlib import Path

try:
    import tomllib
except ImportError:  # py < 3.11
    tomllib = None

log = logging.getLogger("dotsnap")

HOME = Path.home()
OUT_DIR = Path("snapshots")

DEFAULT_CONFIG = {
    "tracked": [
        ".bashrc", ".zshrc", ".profile", ".gitconfig", ".vimrc",
        ".tmux.conf", ".config/nvim", ".config/starship.toml",
        ".config/alacritty", ".inputrc",
    ],
    "max_file_kb": 512,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists() and tomllib is not None:
        with p.open("rb") as fh:
            user = tomllib.load(fh)
        cfg.update(user.get("dotsnap", {}))
        log.debug("loaded config from %s", p)
    return cfg


def iter_paths(cfg):
    """Yield every file below the tracked entries, relative to $HOME."""
    for entry in cfg["tracked"]:
        base = HOME / entry
        if not base.exists():
            continue
        if base.is_file():
            yield base
            continue
        for root, dirs, files in os.walk(base):
            dirs[:] = [d for d in dirs if d not in (".git", "node_modules", "__pycache__")]
            for name in sorted(files):
                yield Path(root) / name


def collect(cfg):
    """Return (list of paths, content digest used as the cache key)."""
    limit = cfg["max_file_kb"] * 1024
    digest = hashlib.md5()
    picked = []
    for path in iter_paths(cfg):
        try:
            if path.is_symlink() or path.stat().st_size > limit:
                continue
            digest.update(str(path.relative_to(HOME)).encode())
            digest.update(path.read_bytes())
            picked.append(path)
        except OSError as exc:
            log.warning("skip %s: %s", path, exc)
    return picked, digest.hexdigest()


def write_snapshot(paths):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path in paths:
            tar.add(str(path), arcname=str(path.relative_to(HOME)))
    name = OUT_DIR / (time.strftime("%Y%m%dT%H%M%S") + ".tar.gz")
    name.write_bytes(buf.getvalue())
    os.chmod(name, 0o600)
    log.info("wrote %s (%d files, %.1f KiB)", name, len(paths), len(buf.getvalue()) / 1024)
    return name


def prune(keep):
    snaps = sorted(OUT_DIR.glob("*.tar.gz"))
    for old in snaps[:-keep] if keep > 0 else []:
        log.debug("pruning %s", old)
        old.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="dotsnap.toml")
    ap.add_argument("--keep", type=int, default=10)
    ap.add_argument("--force", action="store_true", help="snapshot even if unchanged")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    OUT_DIR.mkdir(exist_ok=True)
    marker = OUT_DIR / ".last_digest"

    paths, digest = collect(cfg)
    if not paths:
        log.error("nothing to snapshot; check the tracked list")
        return 1
    if not args.force and marker.exists() and marker.read_text().strip() == digest:
        log.info("no changes since last snapshot (%s)", digest[:12])
        return 0

    write_snapshot(paths)
    marker.write_text(digest + "\n")
    prune(args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
