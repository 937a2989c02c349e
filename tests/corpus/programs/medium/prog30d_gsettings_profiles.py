#!/usr/bin/env python3
"""Save and apply per-user GNOME settings profiles ("work", "presentation",
"night") with gsettings. Profiles are YAML files in
~/.config/gsprofiles/*.yaml:

    org.gnome.desktop.interface:
      color-scheme: "'prefer-dark'"
      text-scaling-factor: 1.25
    org.gnome.desktop.notifications:
      show-banners: false
"""

import argparse
import logging
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("gsprofiles")
PROFILE_DIR = Path.home() / ".config" / "gsprofiles"

TRACKED_KEYS = {
    "org.gnome.desktop.interface": ["color-scheme", "gtk-theme", "icon-theme",
                                    "text-scaling-factor", "cursor-size"],
    "org.gnome.desktop.notifications": ["show-banners"],
    "org.gnome.desktop.session": ["idle-delay"],
    "org.gnome.settings-daemon.plugins.color": ["night-light-enabled"],
}


def gsettings(*args: str) -> str:
    proc = subprocess.run(["gsettings", *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout.strip()


def to_gvariant(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def load_profile(name: str) -> dict:
    path = PROFILE_DIR / f"{name}.yaml"
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping of schema -> keys")
    return data


def save_profile(name: str) -> Path:
    snapshot = {}
    for schema, keys in TRACKED_KEYS.items():
        for key in keys:
            try:
                snapshot.setdefault(schema, {})[key] = gsettings("get", schema, key)
            except RuntimeError as exc:
                log.debug("skip %s %s: %s", schema, key, exc)
    PROFILE_DIR.mkdir(parents=True, exist_ok=True)
    path = PROFILE_DIR / f"{name}.yaml"
    with path.open("w", encoding="utf-8") as fh:
        yaml.dump(snapshot, fh, default_flow_style=False)
    log.info("saved %s", path)
    return path


def apply_profile(name: str, dry_run: bool) -> int:
    failures = 0
    for schema, keys in load_profile(name).items():
        for key, value in (keys or {}).items():
            gv = to_gvariant(value)
            if dry_run:
                print(f"gsettings set {schema} {key} {gv}")
                continue
            try:
                current = gsettings("get", schema, key)
                if current == gv:
                    log.debug("%s %s already %s", schema, key, gv)
                    continue
                gsettings("set", schema, key, gv)
                log.info("%s %s: %s -> %s", schema, key, current, gv)
            except RuntimeError as exc:
                log.error("%s %s: %s", schema, key, exc)
                failures += 1
    return failures


def diff_profile(name: str) -> None:
    for schema, keys in load_profile(name).items():
        for key, value in (keys or {}).items():
            try:
                current = gsettings("get", schema, key)
            except RuntimeError:
                current = "<unavailable>"
            marker = " " if current == to_gvariant(value) else "*"
            print(f"{marker} {schema} {key}: {current} -> {to_gvariant(value)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for cmd in ("save", "apply", "diff"):
        p = sub.add_parser(cmd)
        p.add_argument("name")
        if cmd == "apply":
            p.add_argument("-n", "--dry-run", action="store_true")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.cmd == "save":
            save_profile(args.name)
        elif args.cmd == "apply":
            return 1 if apply_profile(args.name, args.dry_run) else 0
        elif args.cmd == "diff":
            diff_profile(args.name)
        else:
            for p in sorted(PROFILE_DIR.glob("*.yaml")):
                print(p.stem)
    except FileNotFoundError as exc:
        log.error("profile not found: %s", exc.filename)
        return 1
    except (yaml.YAMLError, ValueError) as exc:
        log.error("bad profile: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
