#!/usr/bin/env python3
"""Apply the GNOME desktop lockdown for public internet PCs.

Reads the branch lockdown profile (kiosk_lockdown.toml) and renders it to
a system dconf database plus lock list, so patrons cannot change the
wallpaper, open a terminal, switch users or change the screen-saver
timeout.  Also installs the Firefox enterprise policy that sets the home
page and disables private browsing and add-on installation.
"""

import argparse
import configparser
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

log = logging.getLogger("kiosk_lockdown")

DCONF_PROFILE = Path("/etc/dconf/profile/user")
DCONF_DB_DIR = Path("/etc/dconf/db/local.d")
FIREFOX_POLICY_DIRS = [Path("/usr/lib/firefox/distribution"),
                       Path("/usr/lib64/firefox/distribution"),
                       Path("/etc/firefox/policies")]

BUILTIN_PROFILE = {
    "settings": {
        "org/gnome/desktop/lockdown": {"disable-command-line": "true",
                                       "disable-user-switching": "true",
                                       "disable-printing": "false"},
        "org/gnome/desktop/session": {"idle-delay": "uint32 300"},
        "org/gnome/desktop/background": {"picture-uri": "'file:///opt/branding/wallpaper.png'"},
    },
    "locked": True,
    "firefox": {"homepage": "https://catalogue.countylibrary.gov", "block_about_config": True},
}


def load_profile(path):
    p = Path(path)
    if not p.exists():
        log.info("%s not found, using built-in profile", p)
        return BUILTIN_PROFILE
    with p.open("rb") as fh:
        return tomllib.load(fh)


def render_keyfile(settings):
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    for section, keys in settings.items():
        cp[section] = {k: str(v) for k, v in keys.items()}
    buf = io.StringIO()
    cp.write(buf, space_around_delimiters=False)
    return buf.getvalue()


def render_locks(settings):
    lines = [f"/{section}/{key}" for section, keys in settings.items() for key in keys]
    return "\n".join(lines) + "\n"


def atomic_write(target, text, mode=0o644):
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".lockdown-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp, mode)
    os.replace(tmp, target)
    log.info("wrote %s", target)


def firefox_policy(cfg):
    policies = {
        "Homepage": {"URL": cfg["homepage"], "Locked": True, "StartPage": "homepage"},
        "DisablePrivateBrowsing": True,
        "ExtensionSettings": {"*": {"installation_mode": "blocked"}},
        "DisableDeveloperTools": True,
    }
    if cfg.get("block_about_config"):
        policies["BlockAboutConfig"] = True
    return json.dumps({"policies": policies}, indent=2) + "\n"


def apply(profile, dry_run=False):
    settings = profile["settings"]
    outputs = {
        DCONF_PROFILE: "user-db:user\nsystem-db:local\n",
        DCONF_DB_DIR / "00-branch-kiosk": render_keyfile(settings),
    }
    if profile.get("locked", True):
        outputs[DCONF_DB_DIR / "locks" / "branch-kiosk"] = render_locks(settings)
    if "firefox" in profile:
        for d in FIREFOX_POLICY_DIRS:
            if d.parent.exists():
                outputs[d / "policies.json"] = firefox_policy(profile["firefox"])
                break

    for path, text in outputs.items():
        if dry_run:
            print(f"--- {path}\n{text}")
        else:
            atomic_write(path, text)

    if not dry_run:
        dconf = shutil.which("dconf")
        if not dconf:
            raise RuntimeError("dconf binary not found")
        subprocess.run([dconf, "update"], check=True)
        log.info("dconf database compiled")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-p", "--profile", default="kiosk_lockdown.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not args.dry_run and os.geteuid() != 0:
        log.error("run as root (or with --dry-run to preview)")
        return 1
    try:
        apply(load_profile(args.profile), args.dry_run)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("lockdown failed: %s", exc)
        return 1
    log.info("lockdown applied; patrons must log out for it to take effect")
    return 0


if __name__ == "__main__":
    sys.exit(main())
