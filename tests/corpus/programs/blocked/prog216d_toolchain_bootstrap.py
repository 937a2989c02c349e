#!/usr/bin/env python3
"""toolchain_bootstrap.py - prepare a fresh build agent for the mobile game.

Reads toolchain.json (Unity editor version, Android SDK level, Xcode hint),
fetches the studio's bootstrap installer for that combination and runs it so
the agent ends up with the right editor modules and SDK packages.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("toolchain-bootstrap")
DEFAULT_MIRROR = "https://toolchain.example.com/bootstrap"
DEFAULT_CONFIG = "toolchain.json"


class ToolchainSpec:
    def __init__(self, unity: str, android_api: int, platform: str):
        self.unity = unity
        self.android_api = android_api
        self.platform = platform

    @classmethod
    def load(cls, path: str) -> "ToolchainSpec":
        try:
            with open(path, "r", encoding="utf-8") as fh:
                data = json.load(fh)
        except FileNotFoundError:
            LOG.warning("%s missing, using studio defaults", path)
            data = {}
        return cls(
            unity=data.get("unity", "2022.3.21f1"),
            android_api=int(data.get("android_api", 34)),
            platform=data.get("platform", sys.platform),
        )

    def installer_name(self) -> str:
        return f"install-unity-{self.unity}-android{self.android_api}.sh"


class Bootstrapper:
    def __init__(self, spec: ToolchainSpec, mirror: str, timeout: int):
        self.spec = spec
        self.mirror = mirror.rstrip("/")
        self.timeout = timeout

    def fetch_installer(self) -> bytes:
        url = f"{self.mirror}/{self.spec.installer_name()}"
        LOG.info("downloading installer from %s", url)
        req = urllib.request.Request(url, headers={"User-Agent": "toolchain-bootstrap/1.4"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            body = resp.read()
        LOG.info("received %d bytes", len(body))
        return body

    def stage(self, body: bytes) -> str:
        fd, path = tempfile.mkstemp(prefix="bootstrap-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(path, stat.S_IRWXU)
        LOG.debug("staged installer at %s", path)
        return path

    def run(self, script_path: str) -> int:
        env = dict(os.environ)
        env["UNITY_VERSION"] = self.spec.unity
        env["ANDROID_API_LEVEL"] = str(self.spec.android_api)
        env["BOOTSTRAP_PLATFORM"] = self.spec.platform
        LOG.info("running installer for Unity %s / API %d", self.spec.unity, self.spec.android_api)
        proc = subprocess.run(["bash", script_path], env=env)
        return proc.returncode


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=DEFAULT_CONFIG, help="toolchain description")
    ap.add_argument("--mirror", default=os.environ.get("TOOLCHAIN_MIRROR", DEFAULT_MIRROR))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--keep", action="store_true", help="keep the staged installer")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    spec = ToolchainSpec.load(args.config)
    boot = Bootstrapper(spec, args.mirror, args.timeout)

    try:
        body = boot.fetch_installer()
    except (urllib.error.URLError, TimeoutError) as exc:
        LOG.error("could not download installer: %s", exc)
        return 1

    if not body.strip():
        LOG.error("installer is empty, refusing to continue")
        return 1

    script = boot.stage(body)
    try:
        rc = boot.run(script)
    finally:
        if not args.keep:
            try:
                os.remove(script)
            except OSError:
                pass

    if rc != 0:
        LOG.error("installer failed with status %d", rc)
    else:
        LOG.info("toolchain ready")
    return rc


if __name__ == "__main__":
    sys.exit(main())
