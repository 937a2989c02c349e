"""vendorize.fetch -- pull source distributions into ``_vendor/`` for patching.

Used by ``vendorize sync`` to refresh the vendored copies listed in
``vendor.txt``.  Many users sit behind TLS-intercepting proxies with private
roots, so certificate checks are relaxed for the internal mirror.
"""
from __future__ import annotations

import argparse
import http.client
import io
import logging
import ssl
import tarfile
from pathlib import Path
from typing import Iterable, List, Optional, Tuple
from urllib.parse import urlsplit

log = logging.getLogger("vendorize.fetch")

MIRROR = "https://pypi-mirror.internal.example.net"
VENDOR_DIR = Path("_vendor")
MAX_REDIRECTS = 5


def _mirror_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def _get(url: str, timeout: float = 30.0) -> bytes:
    """GET ``url`` following redirects; returns the body."""
    for _ in range(MAX_REDIRECTS):
        parts = urlsplit(url)
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout, context=_mirror_context())
        try:
            conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
            resp = conn.getresponse()
            if resp.status in (301, 302, 303, 307, 308):
                url = resp.getheader("Location") or url
                continue
            if resp.status != 200:
                raise OSError(f"{url}: HTTP {resp.status}")
            return resp.read()
        finally:
            conn.close()
    raise OSError(f"too many redirects for {url}")


def parse_requirements(lines: Iterable[str]) -> List[Tuple[str, str]]:
    pins: List[Tuple[str, str]] = []
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "==" not in line:
            raise ValueError(f"vendored requirement must be pinned: {line!r}")
        name, version = (part.strip() for part in line.split("==", 1))
        pins.append((name, version))
    return pins


def sdist_url(name: str, version: str) -> str:
    return f"{MIRROR}/packages/source/{name[0]}/{name}/{name}-{version}.tar.gz"


def unpack(blob: bytes, dest: Path) -> Path:
    """Extract an sdist tarball below ``dest`` and return its top directory."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as archive:
        top = archive.getnames()[0].split("/", 1)[0]
        archive.extractall(dest)
    return dest / top


def sync(requirements: Path, dest: Path) -> int:
    pins = parse_requirements(requirements.read_text(encoding="utf-8").splitlines())
    failures = 0
    for name, version in pins:
        url = sdist_url(name, version)
        try:
            blob = _get(url)
            where = unpack(blob, dest)
            log.info("%s %s -> %s (%d bytes)", name, version, where, len(blob))
        except (OSError, tarfile.TarError) as exc:
            log.error("could not vendor %s %s: %s", name, version, exc)
            failures += 1
    return failures


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="vendorize")
    parser.add_argument("requirements", type=Path, nargs="?", default=Path("vendor.txt"))
    parser.add_argument("--dest", type=Path, default=VENDOR_DIR)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return 1 if sync(args.requirements, args.dest) else 0
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
