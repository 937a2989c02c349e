#!/usr/bin/env python3
"""Generate a Tauri updater feed (latest.json) for the bundles in
src-tauri/target/release/bundle and serve it locally, so QA devices on the
office network can test the in-app updater against a candidate build.

Point the app at it with:
    TAURI_UPDATER_ENDPOINT=http://<this-host>:8787/latest.json
"""
import argparse
import functools
import json
import logging
import socket
from datetime import datetime, timezone
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("feed-preview")

PLATFORM_PATTERNS = {
    "linux-x86_64": ("appimage", "*.AppImage.tar.gz"),
    "darwin-aarch64": ("macos", "*aarch64.app.tar.gz"),
    "darwin-x86_64": ("macos", "*x64.app.tar.gz"),
    "windows-x86_64": ("nsis", "*-setup.nsis.zip"),
}


def find_bundles(bundle_root: Path):
    """Yield (platform, archive, signature) for every signed updater bundle."""
    for platform, (subdir, pattern) in PLATFORM_PATTERNS.items():
        for archive in sorted((bundle_root / subdir).glob(pattern)):
            sig = archive.with_name(archive.name + ".sig")
            if not sig.exists():
                log.warning("%s has no .sig, skipping (was TAURI_SIGNING_PRIVATE_KEY set?)",
                            archive.name)
                continue
            yield platform, archive, sig


def build_feed(bundle_root: Path, version: str, notes: str, base_url: str) -> dict:
    platforms = {}
    for platform, archive, sig in find_bundles(bundle_root):
        rel = archive.relative_to(bundle_root).as_posix()
        platforms[platform] = {
            "signature": sig.read_text().strip(),
            "url": f"{base_url}/{rel}",
        }
        log.info("%-16s %s", platform, rel)
    return {
        "version": version,
        "notes": notes,
        "pub_date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "platforms": platforms,
    }


def local_address() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class FeedHandler(SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def read_version(conf: Path) -> str:
    data = json.loads(conf.read_text())
    return data.get("version") or data.get("package", {}).get("version", "0.0.0")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundle-root", type=Path,
                    default=Path("src-tauri/target/release/bundle"))
    ap.add_argument("--conf", type=Path, default=Path("src-tauri/tauri.conf.json"))
    ap.add_argument("--notes", default="Release candidate build")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8787)
    ap.add_argument("--write-only", action="store_true", help="write latest.json and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.bundle_root.is_dir():
        log.error("no bundles at %s; run `cargo tauri build` first", args.bundle_root)
        return 2
    version = read_version(args.conf)
    base_url = f"http://{local_address()}:{args.port}"
    feed = build_feed(args.bundle_root, version, args.notes, base_url)
    if not feed["platforms"]:
        log.error("no signed bundles found")
        return 1
    feed_path = args.bundle_root / "latest.json"
    feed_path.write_text(json.dumps(feed, indent=2))
    log.info("wrote %s for %s", feed_path, version)
    if args.write_only:
        return 0

    handler = functools.partial(FeedHandler, directory=str(args.bundle_root))
    with ThreadingHTTPServer((args.bind, args.port), handler) as httpd:
        log.info("serving %s at %s/latest.json", args.bundle_root, base_url)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
