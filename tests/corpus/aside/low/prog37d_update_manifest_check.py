#!/usr/bin/env python3
"""Check the release channel for a newer build of Lumen Notes.

Fetches the channel manifest, compares it with the locally installed
version and, if asked, downloads the matching package into ./downloads
and verifies its SHA-256.  Installing is left to the user / package manager.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("lumen.update")
DEFAULT_CHANNEL_URL = "https://updates.lumen-notes.example/channels/{channel}/manifest.json"
USER_AGENT = "LumenNotes-UpdateCheck/2.4"
CHUNK = 64 * 1024


@dataclass
class Release:
    version: str
    url: str
    sha256: str
    size: int
    notes: str = ""

    @classmethod
    def from_dict(cls, data):
        return cls(
            version=data["version"],
            url=data["url"],
            sha256=data["sha256"].lower(),
            size=int(data.get("size", 0)),
            notes=data.get("notes", ""),
        )


def parse_version(text):
    parts = []
    for piece in text.strip().lstrip("v").split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts)


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip().strip('"')
    except OSError as exc:
        LOG.debug("os-release unavailable: %s", exc)
    return info


def pick_artifact_key(os_info):
    family = os_info.get("ID_LIKE", os_info.get("ID", "linux"))
    if "debian" in family or "ubuntu" in family:
        return "deb"
    if "fedora" in family or "rhel" in family or "suse" in family:
        return "rpm"
    return "tar.gz"


def fetch_manifest(channel, timeout):
    url = DEFAULT_CHANNEL_URL.format(channel=channel)
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    LOG.info("querying %s", url)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def download(release, dest_dir, timeout):
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / Path(release.url).name
    digest = hashlib.sha256()
    req = urllib.request.Request(release.url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp, open(target, "wb") as out:
        while True:
            block = resp.read(CHUNK)
            if not block:
                break
            digest.update(block)
            out.write(block)
    if digest.hexdigest() != release.sha256:
        target.unlink(missing_ok=True)
        raise ValueError(f"checksum mismatch for {target.name}")
    LOG.info("saved %s (%d bytes, sha256 ok)", target, target.stat().st_size)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default=os.environ.get("LUMEN_CHANNEL", "stable"))
    ap.add_argument("--current", default="2.4.0", help="installed version")
    ap.add_argument("--download", action="store_true", help="fetch the package")
    ap.add_argument("--dest", type=Path, default=Path("downloads"))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    os_info = read_os_release()
    kind = pick_artifact_key(os_info)
    LOG.debug("platform %s -> artifact %s", os_info.get("PRETTY_NAME", "?"), kind)

    try:
        manifest = fetch_manifest(args.channel, args.timeout)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("could not read manifest: %s", exc)
        return 2

    artifacts = manifest.get("artifacts", {})
    if kind not in artifacts:
        LOG.warning("no %s artifact on channel %s", kind, args.channel)
        return 1
    release = Release.from_dict(artifacts[kind])

    if parse_version(release.version) <= parse_version(args.current):
        print(f"Lumen Notes {args.current} is up to date.")
        return 0

    print(f"Update available: {args.current} -> {release.version}")
    if release.notes:
        print(release.notes)
    if args.download:
        try:
            path = download(release, args.dest, args.timeout)
        except (urllib.error.URLError, ValueError, OSError) as exc:
            LOG.error("download failed: %s", exc)
            return 3
        print(f"Package saved to {path}; install it with your package manager.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
