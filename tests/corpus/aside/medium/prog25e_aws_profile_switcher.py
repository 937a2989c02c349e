#!/usr/bin/env python3
"""awsp - switch between AWS CLI profiles.

Lists the profiles defined in ~/.aws/config and ~/.aws/credentials, verifies
the chosen one with `aws sts get-caller-identity`, and writes a small
`.awsprofile` env file in the current directory that direnv or a shell can
source. Only profile names are handled; key material is never read.
"""

import argparse
import configparser
import json
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

LOG = logging.getLogger("awsp")

AWS_DIR = Path.home() / ".aws"
ENV_FILE = Path(".awsprofile")


@dataclass
class ProfileInfo:
    name: str
    source: str
    region: Optional[str] = None
    sso: bool = False


def collect_profiles() -> Dict[str, ProfileInfo]:
    profiles: Dict[str, ProfileInfo] = {}
    config = configparser.ConfigParser()
    config.read(AWS_DIR / "config")
    for section in config.sections():
        name = section.replace("profile ", "", 1)
        profiles[name] = ProfileInfo(
            name=name,
            source="config",
            region=config.get(section, "region", fallback=None),
            sso=config.has_option(section, "sso_start_url")
            or config.has_option(section, "sso_session"),
        )
    creds = configparser.ConfigParser()
    creds.read(AWS_DIR / "credentials")
    for section in creds.sections():
        if section not in profiles:
            profiles[section] = ProfileInfo(name=section, source="credentials")
    return profiles


def verify_profile(name: str, timeout: int = 20) -> Optional[dict]:
    """Ask STS who we are, via the aws CLI."""
    aws = shutil.which("aws")
    if aws is None:
        LOG.warning("aws CLI not found; skipping verification")
        return None
    cmd = [aws, "sts", "get-caller-identity", "--profile", name, "--output", "json"]
    LOG.debug("running %s", " ".join(cmd))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        LOG.error("verification of %s timed out", name)
        return None
    if proc.returncode != 0:
        LOG.error("profile %s failed verification: %s", name, proc.stderr.strip())
        return None
    return json.loads(proc.stdout)


def write_env_file(info: ProfileInfo) -> None:
    lines = [f"export AWS_PROFILE={info.name}"]
    if info.region:
        lines.append(f"export AWS_REGION={info.region}")
    ENV_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    LOG.info("wrote %s", ENV_FILE.resolve())


def current_profile() -> Optional[str]:
    if not ENV_FILE.exists():
        return None
    for line in ENV_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("export AWS_PROFILE="):
            return line.split("=", 1)[1].strip()
    return None


def print_table(profiles: List[ProfileInfo], active: Optional[str]) -> None:
    for info in profiles:
        marker = "*" if info.name == active else " "
        kind = "sso" if info.sso else info.source
        print(f"{marker} {info.name:<28} {kind:<12} {info.region or '-'}")


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="awsp", description=__doc__)
    ap.add_argument("profile", nargs="?", help="profile to activate")
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="awsp: %(message)s")

    profiles = collect_profiles()
    if not profiles:
        LOG.error("no AWS profiles found under %s", AWS_DIR)
        return 1

    if args.list or not args.profile:
        print_table(sorted(profiles.values(), key=lambda p: p.name), current_profile())
        return 0

    info = profiles.get(args.profile)
    if info is None:
        LOG.error("unknown profile %r (have: %s)", args.profile, ", ".join(sorted(profiles)))
        return 1

    if not args.no_verify:
        identity = verify_profile(info.name)
        if identity is None:
            return 2
        LOG.info("authenticated as %s in account %s", identity.get("Arn"), identity.get("Account"))

    write_env_file(info)
    print(f"run: source {ENV_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
