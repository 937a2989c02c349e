#!/usr/bin/env python3
"""Register a new modality in the Orthanc configuration under /etc/orthanc.

Loads /etc/orthanc/orthanc.json, adds or updates the DicomModalities entry
for a modality, writes the result to a staging file in the working
directory and installs it with a generated shell step (backup, install
with mode 0644 and owner root:orthanc).  Run it as root on the gateway.
"""
import argparse
import json
import logging
import os
import re
import subprocess
import sys

LOG = logging.getLogger("modality_register")

CONFIG = "/etc/orthanc/orthanc.json"
STAGE = "orthanc.json.staged"

INSTALL_STEP = r"""
set -euo pipefail
cp -p "$CFG" "$CFG.bak.$(date +%Y%m%d%H%M%S)"
install -m 0644 -o root -g "${CFG_GROUP}" "$STAGED" "$CFG"
echo "installed $(stat -c '%a %U:%G' "$CFG") $CFG"
"""

AET_RE = re.compile(r"^[A-Z0-9_\-]{1,16}$")


class OrthancConfig:
    def __init__(self, path):
        self.path = path
        self.data = {}

    def load(self):
        with open(self.path) as fh:
            text = fh.read()
        # orthanc.json allows // comments; strip them before parsing
        text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
        self.data = json.loads(text)
        return self

    def set_modality(self, name, aet, host, port, manufacturer):
        mods = self.data.setdefault("DicomModalities", {})
        existing = mods.get(name)
        mods[name] = {"AET": aet, "Host": host, "Port": port,
                      "Manufacturer": manufacturer}
        return existing

    def write_staged(self, path):
        with open(path, "w") as fh:
            json.dump(self.data, fh, indent=2, sort_keys=True)
            fh.write("\n")


def validate(args):
    if not AET_RE.match(args.aet):
        raise ValueError(f"invalid AE title {args.aet!r}")
    if not 1 <= args.port <= 65535:
        raise ValueError("port out of range")
    if not re.match(r"^[A-Za-z0-9.\-]+$", args.host):
        raise ValueError("bad host")


def install(staged, config, group):
    env = dict(os.environ, CFG=config, STAGED=os.path.abspath(staged), CFG_GROUP=group)
    proc = subprocess.run(["bash", "-c", INSTALL_STEP], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "install failed")
    LOG.info(proc.stdout.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("name", help="modality key, e.g. ct2")
    ap.add_argument("--aet", required=True)
    ap.add_argument("--host", required=True)
    ap.add_argument("--port", type=int, default=104)
    ap.add_argument("--manufacturer", default="Generic")
    ap.add_argument("--config", default=CONFIG)
    ap.add_argument("--group", default="orthanc")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        validate(args)
        cfg = OrthancConfig(args.config).load()
    except (ValueError, OSError, json.JSONDecodeError) as exc:
        LOG.error("%s", exc)
        return 2

    old = cfg.set_modality(args.name, args.aet, args.host, args.port, args.manufacturer)
    LOG.info("%s modality %s -> %s@%s:%d", "updating" if old else "adding",
             args.name, args.aet, args.host, args.port)
    cfg.write_staged(STAGE)
    if args.dry_run:
        LOG.info("dry run: staged config left in %s", STAGE)
        return 0
    try:
        install(STAGE, args.config, args.group)
    except RuntimeError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    os.remove(STAGE)
    LOG.info("done; restart Orthanc during a quiet period to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
