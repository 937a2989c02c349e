#!/usr/bin/env python3
"""Unpack build bundles and serve them to the Windows / macOS test VMs.

The Linux build host produces ``dist/<target>.tar.gz`` bundles. The test
VMs (Hyper-V and UTM guests on the lab network) pull them over HTTP, so
this unpacks every bundle into ./staging/<target>/ and serves the folder.
"""
import argparse
import functools
import http.server
import logging
import socketserver
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("vm-staging")

TARGETS = {
    "win-x64": "Windows 11 (Hyper-V)",
    "win-arm64": "Windows 11 ARM (UTM)",
    "macos-universal": "macOS 14 (UTM)",
}


def unpack_bundle(archive: Path, staging: Path) -> Path:
    target = staging / archive.name.split(".tar")[0]
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tf:
        members = tf.getmembers()
        log.info("%s: %d members", archive.name, len(members))
        tf.extractall(path=target)
    return target


def write_index(staging: Path) -> None:
    rows = []
    for sub in sorted(p for p in staging.iterdir() if p.is_dir()):
        label = TARGETS.get(sub.name, sub.name)
        files = sorted(f.relative_to(staging).as_posix() for f in sub.rglob("*") if f.is_file())
        links = "".join(f'<li><a href="{f}">{f}</a></li>' for f in files)
        rows.append(f"<h2>{label}</h2><ul>{links}</ul>")
    (staging / "index.html").write_text(
        "<!doctype html><title>VM staging</title>" + "".join(rows), encoding="utf-8")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)


class ReusableServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def serve(staging: Path, port: int) -> None:
    handler = functools.partial(QuietHandler, directory=str(staging))
    with ReusableServer(("0.0.0.0", port), handler) as httpd:
        log.info("serving %s on 0.0.0.0:%d (Ctrl-C to stop)", staging, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--staging", type=Path, default=Path("staging"))
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    bundles = sorted(args.dist.glob("*.tar.gz")) + sorted(args.dist.glob("*.tar.xz"))
    if not bundles:
        log.error("no bundles in %s", args.dist)
        return 1

    args.staging.mkdir(exist_ok=True)
    for archive in bundles:
        try:
            out = unpack_bundle(archive, args.staging)
        except (tarfile.TarError, OSError) as exc:
            log.error("skipping %s: %s", archive, exc)
            continue
        log.info("unpacked %s -> %s", archive.name, out)

    write_index(args.staging)
    if not args.no_serve:
        serve(args.staging, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
