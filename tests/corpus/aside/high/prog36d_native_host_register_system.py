#!/usr/bin/env python3
"""Register the Clip Notes native-messaging host for all users.

Writes the host manifest into the system-wide native-messaging
directories of Chrome, Chromium, Edge and Firefox so the extension works
for every account on the machine (lab and kiosk installs).  Run as root
from the package's post-install step; use --remove to unregister.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

HOST_NAME = "com.acme.clipnotes"
HOST_BINARY = "/opt/acme/clipnotes/clipnotes-host"
CHROME_ORIGINS = ["chrome-extension://kbfnbcaeplbcioakkpcpgfkobkghlhen/"]
FIREFOX_IDS = ["clipnotes@acme.example"]

# (browser label, manifest directory, flavour)
SYSTEM_LOCATIONS = [
    ("chrome", "/etc/opt/chrome/native-messaging-hosts", "chromium"),
    ("chromium", "/etc/chromium/native-messaging-hosts", "chromium"),
    ("edge", "/etc/opt/edge/native-messaging-hosts", "chromium"),
    ("firefox", "/usr/lib/mozilla/native-messaging-hosts", "mozilla"),
    ("firefox-lib64", "/usr/lib64/mozilla/native-messaging-hosts", "mozilla"),
]

log = logging.getLogger("nm-register")


def build_manifest(flavour: str, host_path: str) -> dict:
    manifest = {
        "name": HOST_NAME,
        "description": "Clip Notes local storage bridge",
        "path": host_path,
        "type": "stdio",
    }
    if flavour == "mozilla":
        manifest["allowed_extensions"] = FIREFOX_IDS
    else:
        manifest["allowed_origins"] = CHROME_ORIGINS
    return manifest


def write_manifest(directory: Path, manifest: dict, dry_run: bool) -> Path:
    target = directory / f"{HOST_NAME}.json"
    text = json.dumps(manifest, indent=2) + "\n"
    if dry_run:
        log.info("[dry-run] would write %s", target)
        return target
    directory.mkdir(parents=True, exist_ok=True)
    os.chmod(directory, 0o755)
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, target)
    log.info("registered %s", target)
    return target


def remove_manifest(directory: Path, dry_run: bool) -> bool:
    target = directory / f"{HOST_NAME}.json"
    if not target.exists():
        return False
    if dry_run:
        log.info("[dry-run] would remove %s", target)
    else:
        target.unlink()
        log.info("removed %s", target)
    return True


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host-path", default=HOST_BINARY)
    ap.add_argument("--browsers", default="chrome,chromium,edge,firefox,firefox-lib64",
                    help="comma separated subset of browsers")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    wanted = {b.strip() for b in args.browsers.split(",") if b.strip()}

    if not args.dry_run and os.geteuid() != 0:
        log.error("system-wide registration must run as root (try the package post-install)")
        return 1
    if not args.remove and not os.access(args.host_path, os.X_OK):
        log.warning("host binary %s is missing or not executable", args.host_path)

    changed = 0
    errors = 0
    for label, directory, flavour in SYSTEM_LOCATIONS:
        if label not in wanted:
            continue
        path = Path(directory)
        if label == "firefox-lib64" and not Path("/usr/lib64").is_dir():
            continue
        try:
            if args.remove:
                changed += remove_manifest(path, args.dry_run)
            else:
                write_manifest(path, build_manifest(flavour, args.host_path), args.dry_run)
                changed += 1
        except OSError as exc:
            log.error("%s: %s", label, exc)
            errors += 1

    log.info("%s %d manifest(s), %d error(s)",
             "removed" if args.remove else "wrote", changed, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
