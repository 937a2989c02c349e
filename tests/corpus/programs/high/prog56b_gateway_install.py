#!/usr/bin/env python3
"""Install the freshly built gateway daemon so it can bind port 443
without running as root.

The privileged part is a short shell snippet run through doas; everything
else (build checks, version stamp) happens unprivileged in Python.
"""
import argparse
import hashlib
import logging
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("gw-install")
INSTALL_DIR = "/usr/local/bin"
CAPS = "cap_net_bind_service,cap_net_raw=+ep"

SNIPPET = """\
set -eu
install -m 0755 -o root -g root {src} {dest}
setcap {caps} {dest}
getcap {dest}
"""


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def elevate_cmd(tool: str):
    if tool == "doas":
        return ["doas", "bash", "-s"]
    if tool == "sudo":
        return ["sudo", "-n", "bash", "-s"]
    raise ValueError(f"unsupported elevation tool {tool}")


def install(binary: Path, name: str, tool: str, dry_run: bool) -> int:
    dest = f"{INSTALL_DIR}/{name}"
    script = SNIPPET.format(src=shlex.quote(str(binary.resolve())),
                            dest=shlex.quote(dest), caps=CAPS)
    if dry_run:
        print(script)
        return 0
    result = subprocess.run(elevate_cmd(tool), input=script, text=True,
                            capture_output=True)
    for line in result.stdout.splitlines():
        LOG.info("| %s", line)
    if result.returncode:
        LOG.error("install failed: %s", result.stderr.strip())
    return result.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("binary", type=Path, nargs="?", default=Path("target/release/gatewayd"))
    ap.add_argument("--name", default="gatewayd")
    ap.add_argument("--elevate", choices=("doas", "sudo"), default="doas")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")

    if not args.binary.is_file():
        LOG.error("binary %s not found; run cargo build --release", args.binary)
        return 1
    digest = sha256_of(args.binary)
    LOG.info("installing %s (sha256 %s…)", args.binary, digest[:16])
    Path("install-stamp.txt").write_text(f"{args.name} {digest}\n")
    return install(args.binary, args.name, args.elevate, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
