#!/usr/bin/env python3
"""Fetch pinned Kubernetes CLI binaries into ./bin for this repository.

Versions come from tools.json next to the script, e.g.

    {"kubectl": "v1.30.2", "kubeadm": "v1.30.2"}

Each binary is downloaded from dl.k8s.io, verified against the published
.sha256 file and stored as ./bin/<tool>-<version> with a ./bin/<tool>
symlink pointing at the pinned version. Run `direnv allow` afterwards so
./bin is on PATH for this checkout.
"""
import argparse
import hashlib
import json
import logging
import platform
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("k8s-cli-fetch")

BASE_URL = "https://dl.k8s.io/release/{version}/bin/{os}/{arch}/{tool}"
ARCH_MAP = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}


def host_platform():
    machine = platform.machine().lower()
    if machine not in ARCH_MAP:
        raise SystemExit(f"unsupported architecture: {machine}")
    return platform.system().lower(), ARCH_MAP[machine]


def http_get(url, timeout=60):
    req = urllib.request.Request(url, headers={"User-Agent": "k8s-cli-fetch/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def download_verified(tool, version, os_name, arch, dest_dir):
    url = BASE_URL.format(version=version, os=os_name, arch=arch, tool=tool)
    target = dest_dir / f"{tool}-{version}"
    if target.exists():
        LOG.info("%s %s already present", tool, version)
        return target
    LOG.info("downloading %s", url)
    expected = http_get(url + ".sha256", timeout=30).decode().split()[0]
    payload = http_get(url)
    actual = hashlib.sha256(payload).hexdigest()
    if actual != expected:
        raise ValueError(f"{tool}: sha256 mismatch (expected {expected}, got {actual})")
    partial = target.with_suffix(".part")
    partial.write_bytes(payload)
    partial.chmod(0o755)
    partial.replace(target)
    return target


def link_current(tool, target, dest_dir):
    link = dest_dir / tool
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(target.name)
    LOG.info("%s -> %s", link, target.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description="fetch pinned kubernetes CLIs into ./bin")
    ap.add_argument("--tools", default=str(Path(__file__).with_name("tools.json")))
    ap.add_argument("--bin-dir", default="bin")
    ap.add_argument("--only", action="append", help="fetch only these tools")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        pins = json.loads(Path(args.tools).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.tools, exc)
        return 2

    os_name, arch = host_platform()
    dest_dir = Path(args.bin_dir)
    dest_dir.mkdir(exist_ok=True)

    failed = []
    for tool, version in sorted(pins.items()):
        if args.only and tool not in args.only:
            continue
        try:
            target = download_verified(tool, version, os_name, arch, dest_dir)
            link_current(tool, target, dest_dir)
        except (urllib.error.URLError, ValueError, OSError) as exc:
            LOG.error("%s: %s", tool, exc)
            failed.append(tool)

    if failed:
        LOG.error("failed: %s", ", ".join(failed))
        return 1
    LOG.info("done; add %s to PATH", dest_dir.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
