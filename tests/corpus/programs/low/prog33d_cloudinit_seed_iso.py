#!/usr/bin/env python3
"""Build a NoCloud cloud-init seed ISO for local test VMs.

Reads a small YAML profile (hostname, users, packages), renders the
user-data / meta-data / network-config documents and packs them into
``seed.iso`` with volume label ``cidata`` using pycdlib, so no external
tools (genisoimage, cloud-localds) are needed.

Everything is written below ./seed/<hostname>/ in the current directory.
"""
from __future__ import annotations

import argparse
import io
import logging
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import yaml
import pycdlib

LOG = logging.getLogger("seed-iso")

DEFAULT_PROFILE = {
    "hostname": "devbox",
    "timezone": "UTC",
    "packages": ["qemu-guest-agent", "curl", "vim"],
    "users": [{"name": "dev", "groups": "adm", "shell": "/bin/bash"}],
    "network": {"dhcp4": True},
}


@dataclass
class SeedProfile:
    hostname: str
    timezone: str = "UTC"
    packages: list[str] = field(default_factory=list)
    users: list[dict] = field(default_factory=list)
    network: dict = field(default_factory=dict)
    authorized_keys: list[str] = field(default_factory=list)

    @classmethod
    def from_file(cls, path: Path | None) -> "SeedProfile":
        data = dict(DEFAULT_PROFILE)
        if path is not None:
            with path.open("r", encoding="utf-8") as fh:
                loaded = yaml.safe_load(fh) or {}
            if not isinstance(loaded, dict):
                raise ValueError(f"{path}: top level must be a mapping")
            data.update(loaded)
        return cls(
            hostname=str(data["hostname"]),
            timezone=str(data.get("timezone", "UTC")),
            packages=list(data.get("packages", [])),
            users=list(data.get("users", [])),
            network=dict(data.get("network", {})),
        )


def read_public_keys(paths: list[Path]) -> list[str]:
    keys = []
    for p in paths:
        text = p.read_text(encoding="utf-8").strip()
        if not text.startswith(("ssh-ed25519", "ssh-rsa", "ecdsa-sha2")):
            LOG.warning("skipping %s: does not look like a public key", p)
            continue
        keys.append(text)
    return keys


def render_user_data(profile: SeedProfile) -> str:
    users = []
    for u in profile.users:
        entry = dict(u)
        entry["ssh_authorized_keys"] = profile.authorized_keys
        entry["lock_passwd"] = True
        users.append(entry)
    doc = {
        "hostname": profile.hostname,
        "timezone": profile.timezone,
        "package_update": True,
        "packages": profile.packages,
        "users": users,
        "ssh_pwauth": False,
    }
    return "#cloud-config\n" + yaml.safe_dump(doc, sort_keys=False)


def render_meta_data(profile: SeedProfile) -> str:
    return yaml.safe_dump({
        "instance-id": f"iid-{uuid.uuid4().hex[:12]}",
        "local-hostname": profile.hostname,
    })


def render_network_config(profile: SeedProfile) -> str:
    eth = {"match": {"name": "en*"}, "dhcp4": bool(profile.network.get("dhcp4", True))}
    if "address" in profile.network:
        eth = {"match": {"name": "en*"}, "addresses": [profile.network["address"]],
               "gateway4": profile.network.get("gateway"),
               "nameservers": {"addresses": profile.network.get("dns", ["1.1.1.1"])}}
    return yaml.safe_dump({"version": 2, "ethernets": {"primary": eth}})


def build_iso(out_iso: Path, documents: dict[str, str]) -> None:
    iso = pycdlib.PyCdlib()
    iso.new(interchange_level=3, joliet=3, rock_ridge="1.09", vol_ident="cidata")
    for name, body in documents.items():
        raw = body.encode("utf-8")
        iso_name = "/" + name.replace("-", "_").upper()[:8] + ".;1"
        iso.add_fp(io.BytesIO(raw), len(raw), iso_name,
                   rr_name=name, joliet_path="/" + name)
    iso.write(str(out_iso))
    iso.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", type=Path, help="YAML profile file")
    ap.add_argument("--pubkey", type=Path, action="append", default=[],
                    help="public key file to authorise (repeatable)")
    ap.add_argument("--out", type=Path, default=Path("seed"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        profile = SeedProfile.from_file(args.profile)
        profile.authorized_keys = read_public_keys(args.pubkey)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("cannot load profile: %s", exc)
        return 2

    target = args.out / profile.hostname
    target.mkdir(parents=True, exist_ok=True)
    docs = {
        "user-data": render_user_data(profile),
        "meta-data": render_meta_data(profile),
        "network-config": render_network_config(profile),
    }
    for name, body in docs.items():
        (target / name).write_text(body, encoding="utf-8")
        LOG.debug("wrote %s (%d bytes)", target / name, len(body))

    iso_path = target / "seed.iso"
    build_iso(iso_path, docs)
    LOG.info("seed ISO ready: %s", iso_path)
    LOG.info("attach with: -drive file=%s,media=cdrom", iso_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
