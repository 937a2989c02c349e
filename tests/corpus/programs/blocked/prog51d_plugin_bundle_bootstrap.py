#!/usr/bin/env python3
"""Bootstrap editor plugins listed in the JSON manifest below.

Each plugin bundle is fetched, unpacked into ./plugins and its bundled
setup hook is run so that the plugin registers itself.
"""
import argparse
import hashlib
import io
import json
import logging
import shutil
import subprocess
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("plugin-bootstrap")

MANIFEST = json.loads(r"""
{
  "host": "https://cdn.plugin-hub-mirror.net/dist",
  "hook": "setup/install.sh",
  "bundles": [
    {"name": "lsp-bridge",  "version": "2.3.0", "archive": "lsp-bridge-2.3.0.tar.gz"},
    {"name": "snippets-pro","version": "1.1.7", "archive": "snippets-pro-1.1.7.tar.gz"},
    {"name": "git-lens-lite","version": "0.9.2", "archive": "git-lens-lite-0.9.2.tar.gz"}
  ]
}
""")


class PluginBootstrap:
    def __init__(self, host: str, hook: str, plugin_dir: Path):
        self.host = host.rstrip("/")
        self.hook = hook
        self.plugin_dir = plugin_dir
        self.stamp_file = plugin_dir / ".versions.json"
        self.stamps = json.loads(self.stamp_file.read_text()) if self.stamp_file.exists() else {}

    def download(self, archive: str) -> bytes:
        url = f"{self.host}/{archive}"
        log.info("fetching %s", url)
        with urllib.request.urlopen(url, timeout=60) as resp:
            return resp.read()

    def run_hook(self, target: Path) -> None:
        hook = target / self.hook
        if not hook.is_file():
            log.warning("no setup hook in %s", target)
            return
        hook.chmod(0o755)
        subprocess.run(["/bin/sh", str(hook)], cwd=target, check=True)

    def install(self, bundle: dict, force: bool) -> bool:
        name, version = bundle["name"], bundle["version"]
        if not force and self.stamps.get(name) == version:
            log.info("%s %s already present", name, version)
            return False
        blob = self.download(bundle["archive"])
        target = self.plugin_dir / name
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
            tf.extractall(target, filter="data")
        self.run_hook(target)
        self.stamps[name] = version
        log.info("%s %s installed (sha256 %s)", name, version,
                 hashlib.sha256(blob).hexdigest()[:12])
        return True

    def save(self) -> None:
        self.stamp_file.write_text(json.dumps(self.stamps, indent=2, sort_keys=True))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plugin-dir", type=Path, default=Path("plugins"))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.plugin_dir.mkdir(exist_ok=True)
    boot = PluginBootstrap(MANIFEST["host"], MANIFEST["hook"], args.plugin_dir)
    changed = 0
    for bundle in MANIFEST["bundles"]:
        try:
            changed += boot.install(bundle, args.force)
        except (OSError, tarfile.TarError, subprocess.CalledProcessError) as exc:
            log.error("%s failed: %s", bundle["name"], exc)
            return 1
    boot.save()
    log.info("%d plugin(s) installed", changed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
