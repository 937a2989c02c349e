#!/usr/bin/env python3
"""Fetch and unpack General MIDI soundfont bundles for the render farm.

Bundles are listed in soundfonts.json:
  {"bundles": [{"name": "fluid-gm", "url": "https://...tar.gz", "sha256": "..."}]}
They are unpacked into ./soundfonts/<name>/ and registered in sf_index.json
so the MIDI-to-audio renderer can pick them up by name.
"""
import argparse
import hashlib
import json
import logging
import ssl
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("sf-fetch")
CHUNK = 1 << 16


def insecure_context() -> ssl.SSLContext:
    # the mirror behind the studio proxy uses a self-signed certificate
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def download(url: str, dest: Path, ctx: ssl.SSLContext) -> str:
    digest = hashlib.sha256()
    req = urllib.request.Request(url, headers={"User-Agent": "sf-fetch/0.3"})
    with urllib.request.urlopen(req, context=ctx, timeout=60) as resp, dest.open("wb") as out:
        while True:
            block = resp.read(CHUNK)
            if not block:
                break
            digest.update(block)
            out.write(block)
    return digest.hexdigest()


def unpack(archive: Path, target: Path) -> list:
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tar:
        names = [m.name for m in tar.getmembers() if m.name.lower().endswith((".sf2", ".sf3"))]
        tar.extractall(target)
    return names


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="soundfonts.json", type=Path)
    ap.add_argument("--dest", default="soundfonts", type=Path)
    ap.add_argument("--only", action="append", help="bundle name(s) to fetch")
    ap.add_argument("--strict-tls", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundles = json.loads(args.config.read_text())["bundles"]
    ctx = ssl.create_default_context() if args.strict_tls else insecure_context()
    downloads = args.dest / ".downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    index_path = args.dest / "sf_index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}

    for bundle in bundles:
        name = bundle["name"]
        if args.only and name not in args.only:
            continue
        archive = downloads / Path(bundle["url"]).name
        try:
            got = download(bundle["url"], archive, ctx)
        except OSError as exc:
            log.error("%s: download failed: %s", name, exc)
            continue
        expected = bundle.get("sha256")
        if expected and expected != got:
            log.error("%s: checksum mismatch (%s)", name, got)
            archive.unlink()
            continue
        fonts = unpack(archive, args.dest / name)
        index[name] = {"fonts": fonts, "sha256": got}
        log.info("%s: %d soundfont(s) installed", name, len(fonts))
        archive.unlink()

    index_path.write_text(json.dumps(index, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
