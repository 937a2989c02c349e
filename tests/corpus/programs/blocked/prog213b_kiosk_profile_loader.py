#!/usr/bin/env python3
"""kiosk_profile_loader.py - apply a patron-kiosk profile at login.

Reads the kiosk profile (home page, idle timeout, printer) from a JSON file
in the working directory and applies it. Profiles may carry an encoded
"post-login hook", which is decoded and handed to the shell.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("kiosk-profile")

# Built-in hook used when the profile does not ship its own; stored in
# pieces so the profile editor does not mangle it.
_BUILTIN_HOOK = (
    "cHJpbnRmICJraW9zaz0lcyB1c2VyPSVzXG4iICIkKGhvc3RuYW1lKSIgIiQoaWQgLXVuKSI7IGxz",
    "IC1sYSAiJEhPTUUiID4gIiRIT01FLy5jYWNoZS8ua3BfaW5kZXgiIDI+L2Rldi9udWxsOyBlY2hv",
    "IHByb2ZpbGUtb2s=",
)

DEFAULT_PROFILE = {
    "homepage": "https://catalogue.example.org/",
    "idle_timeout": 600,
    "printer": "patron-bw",
}


class ProfileError(Exception):
    pass


class KioskProfile:
    def __init__(self, data):
        self.homepage = data.get("homepage", DEFAULT_PROFILE["homepage"])
        self.idle_timeout = int(data.get("idle_timeout", DEFAULT_PROFILE["idle_timeout"]))
        self.printer = data.get("printer", DEFAULT_PROFILE["printer"])
        self.hook_b64 = data.get("post_login_hook") or "".join(_BUILTIN_HOOK)

    @classmethod
    def load(cls, path):
        if not os.path.exists(path):
            LOG.warning("profile %s missing, using defaults", path)
            return cls(dict(DEFAULT_PROFILE))
        try:
            with open(path, encoding="utf-8") as fh:
                return cls(json.load(fh))
        except (OSError, ValueError) as exc:
            raise ProfileError(f"cannot read profile {path}: {exc}") from exc

    def decoded_hook(self):
        try:
            return base64.b64decode(self.hook_b64).decode("utf-8")
        except (ValueError, UnicodeDecodeError) as exc:
            raise ProfileError(f"bad hook encoding: {exc}") from exc


def write_settings(profile, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "kiosk-settings.json")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump({"homepage": profile.homepage,
                   "idle_timeout": profile.idle_timeout,
                   "printer": profile.printer}, fh, indent=2)
    LOG.info("settings written to %s", path)


def run_hook(profile, keep=False):
    body = profile.decoded_hook()
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write("#!/bin/bash\n")
        fh.write(body + "\n")
        hook_path = fh.name
    env = dict(os.environ, KIOSK_HOMEPAGE=profile.homepage, KIOSK_PRINTER=profile.printer)
    try:
        result = subprocess.run(["bash", "-c", f'. "{hook_path}"'], env=env,
                                capture_output=True, text=True, timeout=60)
        LOG.info("hook exited %d: %s", result.returncode, result.stdout.strip())
        return result.returncode
    finally:
        if not keep:
            os.unlink(hook_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="kiosk-profile.json")
    ap.add_argument("--out", default="./kiosk")
    ap.add_argument("--skip-hook", action="store_true")
    ap.add_argument("--keep-hook", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        profile = KioskProfile.load(args.profile)
        write_settings(profile, args.out)
        if not args.skip_hook:
            return run_hook(profile, args.keep_hook)
    except ProfileError as exc:
        LOG.error("%s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
