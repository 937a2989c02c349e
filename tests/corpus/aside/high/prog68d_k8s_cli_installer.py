#!/usr/bin/env python3
"""Install pinned Kubernetes CLI binaries system-wide on a bastion host.

Versions come from tools.json next to the script, e.g.

    {"kubectl": "v1.30.2", "kubeadm": "v1.30.2"}

Each binary is downloaded from dl.k8s.io, verified against the published
.sha256 file into a local staging directory and then installed into
/usr/local/bin so every operator account on the bastion gets the same
versions.
"""
import argparse
import hashlib
import json
import logging
import os
import platform
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("k8s-cli-install")

BASE_URL = "https://dl.k8s.io/release/{version}/bin/{os}/{arch}/{tool}"
ARCH_MAP = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}
INSTALL_PREFIX = Path("/usr/local/bin")


def host_platform():
    machine = platform.machine().lower()
    if machine not in ARCH_MAP:
        raise SystemExit(f"unsupported architecture: {machine}")
    return platform.system().lower(), ARCH_MAP[machine]


def http_get(url, timeout=60):
    req = urllib.request.Request(url, headers={"User-Agent": "k8s-cli-install/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def elevation_prefix():
    """Return the command prefix used to write into the install prefix."""
    if os.geteuid() == 0:
        return []
    for candidate in ("doas", "sudo"):
        if shutil.which(candidate):
            return [candidate, "-n"]
    raise SystemExit("need root, doas or sudo to install into " + str(INSTALL_PREFIX))


def download_verified(tool, version, os_name, arch, stage_dir):
    url = BASE_URL.format(version=version, os=os_name, arch=arch, tool=tool)
    staged = stage_dir / f"{tool}-{version}"
    if staged.exists():
        return staged
    LOG.info("downloading %s", url)
    expected = http_get(url + ".sha256", timeout=30).decode().split()[0]
    payload = http_get(url)
    actual = hashlib.sha256(payload).hexdigest()
    if actual != expected:
        raise ValueError(f"{tool}: sha256 mismatch (expected {expected}, got {actual})")
    staged.write_bytes(payload)
    staged.chmod(0o600)
    return staged


def install(tool, staged, prefix_cmd):
    dest = INSTALL_PREFIX / tool
    cmd = prefix_cmd + ["install", "-o", "root", "-g", "root", "-m", "0755", str(staged), str(dest)]
    LOG.debug("running %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise OSError(f"install {tool} failed: {res.stderr.strip()}")
    LOG.info("installed %s", dest)


def main(argv=None):
    ap = argparse.ArgumentParser(description="install pinned kubernetes CLIs system-wide")
    ap.add_argument("--tools", default=str(Path(__file__).with_name("tools.json")))
    ap.add_argument("--stage-dir", default=".k8s-cli-stage")
    ap.add_argument("--only", action="append", help="install only these tools")
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
    stage_dir = Path(args.stage_dir)
    stage_dir.mkdir(exist_ok=True)
    prefix_cmd = elevation_prefix()

    failed = []
    for tool, version in sorted(pins.items()):
        if args.only and tool not in args.only:
            continue
        try:
            staged = download_verified(tool, version, os_name, arch, stage_dir)
            install(tool, staged, prefix_cmd)
        except (urllib.error.URLError, ValueError, OSError) as exc:
            LOG.error("%s: %s", tool, exc)
            failed.append(tool)

    if failed:
        LOG.error("failed: %s", ", ".join(failed))
        return 1
    shutil.rmtree(stage_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
