#!/usr/bin/env python3
"""Check the Acme Notes release channel for a newer version.

Reads the locally installed version from ./app/VERSION, fetches the
channel manifest and records the result in ./update_status.json so the
desktop UI can show an "update available" badge.  Nothing is installed
here: with --download the artifact is only stored under ./downloads and
checked against the published SHA-256 so the user can install it later.
"""
import argparse
import hashlib
import json
import logging
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Optional
from urllib.error import HTTPError, URLError
from urllib.parse import urlparse
from urllib.request import Request, urlopen

DEFAULT_CHANNEL_URL = "https://updates.acme-notes.app/channels/{channel}/manifest.json"
USER_AGENT = "AcmeNotes-UpdateProbe/3.2"
CHUNK = 64 * 1024

log = logging.getLogger("update-probe")


@dataclass
class Release:
    version: str
    url: str
    sha256: str
    size: int
    notes: str = ""


def parse_version(text: str) -> tuple:
    parts = []
    for piece in text.strip().lstrip("v").split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts[:3])


def read_installed_version(app_dir: Path) -> str:
    version_file = app_dir / "VERSION"
    try:
        return version_file.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        log.warning("no VERSION file in %s, assuming 0.0.0", app_dir)
        return "0.0.0"


def fetch_json(url: str, timeout: float) -> dict:
    req = Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    with urlopen(req, timeout=timeout) as resp:
        if resp.status != 200:
            raise RuntimeError(f"unexpected HTTP status {resp.status} for {url}")
        return json.loads(resp.read().decode("utf-8"))


def pick_release(manifest: dict, platform_key: str) -> Optional[Release]:
    entries = manifest.get("releases", [])
    candidates = [e for e in entries if platform_key in e.get("artifacts", {})]
    if not candidates:
        return None
    newest = max(candidates, key=lambda e: parse_version(e["version"]))
    art = newest["artifacts"][platform_key]
    return Release(
        version=newest["version"],
        url=art["url"],
        sha256=art["sha256"].lower(),
        size=int(art.get("size", 0)),
        notes=newest.get("notes", ""),
    )


def download_artifact(release: Release, dest_dir: Path, timeout: float) -> Path:
    dest_dir.mkdir(exist_ok=True)
    name = Path(urlparse(release.url).path).name or f"acme-notes-{release.version}.bin"
    target = dest_dir / name
    partial = target.with_suffix(target.suffix + ".part")
    digest = hashlib.sha256()
    req = Request(release.url, headers={"User-Agent": USER_AGENT})
    with urlopen(req, timeout=timeout) as resp, open(partial, "wb") as fh:
        while True:
            chunk = resp.read(CHUNK)
            if not chunk:
                break
            fh.write(chunk)
            digest.update(chunk)
    if digest.hexdigest() != release.sha256:
        partial.unlink(missing_ok=True)
        raise ValueError(f"checksum mismatch for {name}")
    partial.replace(target)
    log.info("stored %s (%d bytes) for manual installation", target, target.stat().st_size)
    return target


def write_status(path: Path, status: dict) -> None:
    tmp = path.with_name(path.name + ".new")
    tmp.write_text(json.dumps(status, indent=2, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--channel", default="stable", choices=["stable", "beta", "nightly"])
    ap.add_argument("--platform", default="linux-x86_64")
    ap.add_argument("--app-dir", type=Path, default=Path("app"))
    ap.add_argument("--status-file", type=Path, default=Path("update_status.json"))
    ap.add_argument("--download", action="store_true", help="also fetch the artifact into ./downloads")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    installed = read_installed_version(args.app_dir)
    url = DEFAULT_CHANNEL_URL.format(channel=args.channel)
    status = {"checked_at": int(time.time()), "channel": args.channel, "installed": installed}

    try:
        manifest = fetch_json(url, args.timeout)
    except (HTTPError, URLError, TimeoutError, RuntimeError) as exc:
        log.error("could not reach update channel: %s", exc)
        status["error"] = str(exc)
        write_status(args.status_file, status)
        return 2

    release = pick_release(manifest, args.platform)
    if release is None:
        log.info("channel has no build for %s", args.platform)
        status["available"] = None
    elif parse_version(release.version) > parse_version(installed):
        log.info("update available: %s -> %s", installed, release.version)
        status["available"] = asdict(release)
        if args.download:
            try:
                status["downloaded_to"] = str(download_artifact(release, Path("downloads"), args.timeout))
            except (OSError, ValueError, URLError) as exc:
                log.error("download failed: %s", exc)
                status["download_error"] = str(exc)
    else:
        log.info("already up to date (%s)", installed)
        status["available"] = None

    write_status(args.status_file, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
