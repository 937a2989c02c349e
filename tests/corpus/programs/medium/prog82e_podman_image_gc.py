#!/usr/bin/env python3
"""Garbage-collect old images on rootless CI build hosts.

Keeps the newest N tags per repository plus anything a container still
references, removes the rest once it is older than --max-age days.  The
runners build with rootless podman, so everything happens in the build
user's own image store.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from collections import defaultdict

log = logging.getLogger("image-gc")

PODMAN = os.environ.get("PODMAN_BIN") or shutil.which("podman") or "podman"


class Podman:
    def __init__(self, binary):
        self.binary = binary

    def run(self, *args):
        proc = subprocess.run([self.binary, *args], capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"podman {' '.join(args)}: {proc.stderr.strip()[:200]}")
        return proc.stdout

    def images(self):
        out = json.loads(self.run("images", "--all", "--format", "json") or "[]")
        for img in out:
            img.setdefault("RepoTags", img.get("Names") or [])
        return out

    def used_image_ids(self):
        containers = json.loads(self.run("ps", "--all", "--format", "json") or "[]")
        return {c.get("ImageID") for c in containers}

    def remove(self, image_id, force=False):
        args = ["rmi"] + (["--force"] if force else []) + [image_id]
        return self.run(*args)


def plan(images, in_use, keep, max_age_days):
    cutoff = time.time() - max_age_days * 86400
    by_repo = defaultdict(list)
    for img in images:
        tags = [t for t in (img.get("RepoTags") or []) if t != "<none>:<none>"]
        repo = tags[0].rsplit(":", 1)[0] if tags else "<dangling>"
        by_repo[repo].append(img)
    doomed = []
    for repo, imgs in by_repo.items():
        imgs.sort(key=lambda i: i["Created"], reverse=True)
        survivors = 0 if repo == "<dangling>" else keep
        for img in imgs[survivors:]:
            if img["Id"] in in_use or img["Created"] > cutoff:
                continue
            doomed.append((repo, img))
    return doomed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", type=int, default=int(os.environ.get("IMAGE_GC_KEEP", 3)))
    ap.add_argument("--max-age", type=float, default=float(os.environ.get("IMAGE_GC_MAX_AGE_DAYS", 7)))
    ap.add_argument("--podman", default=PODMAN)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Podman(args.podman)
    try:
        images = engine.images()
        in_use = engine.used_image_ids()
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("cannot list images with %s: %s", args.podman, exc)
        return 1

    doomed = plan(images, in_use, args.keep, args.max_age)
    freed = 0
    for repo, img in doomed:
        size_mb = img.get("Size", 0) / 1e6
        if args.dry_run:
            log.info("[dry-run] %s %s (%.0f MB)", repo, img["Id"][:12], size_mb)
            continue
        try:
            engine.remove(img["Id"], force=True)
            freed += size_mb
            log.info("removed %s %s (%.0f MB)", repo, img["Id"][:12], size_mb)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.warning("skip %s: %s", img["Id"][:12], exc)
    log.info("%d candidates, %.0f MB freed", len(doomed), freed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
