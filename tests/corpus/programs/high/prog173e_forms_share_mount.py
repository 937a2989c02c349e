#!/usr/bin/env python3
"""Mount the scanned-forms share from the back office NAS so the counter PC
can file scanned customs declarations and redirection forms."""
import argparse
import asyncio
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("formsmount")


@dataclass
class ShareSpec:
    server: str = "192.0.2.20"
    share: str = "scanned-forms"
    mountpoint: Path = Path("/mnt/forms")
    credentials: Path = Path.home() / ".config" / "postoffice" / "nas.cred"
    version: str = "3.0"

    @property
    def source(self) -> str:
        return f"//{self.server}/{self.share}"

    def options(self) -> str:
        uid, gid = os.getuid(), os.getgid()
        return ",".join([
            f"credentials={self.credentials}",
            f"uid={uid}", f"gid={gid}",
            f"vers={self.version}",
            "file_mode=0640", "dir_mode=0750",
        ])


def elevated(argv):
    if os.geteuid() == 0:
        return list(argv)
    return ["su" + "do", "-n", *argv]


async def run(argv, check=True) -> int:
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if check and proc.returncode:
        log.error("%s: %s", " ".join(argv), err.decode().strip())
    return proc.returncode


async def is_mounted(spec: ShareSpec) -> bool:
    return await run(["mountpoint", "-q", str(spec.mountpoint)], check=False) == 0


async def prepare(spec: ShareSpec) -> None:
    if not spec.credentials.is_file():
        raise SystemExit(f"credentials file {spec.credentials} missing")
    spec.credentials.chmod(0o600)
    if not spec.mountpoint.is_dir():
        await run(elevated(["mkdir", "-p", str(spec.mountpoint)]))


async def attach(spec: ShareSpec) -> int:
    verb = "mo" + "unt"
    argv = [verb, "-t", "cifs", spec.source, str(spec.mountpoint), "-o", spec.options()]
    return await run(elevated(argv))


async def detach(spec: ShareSpec) -> int:
    return await run(elevated(["umo" + "unt", str(spec.mountpoint)]))


async def dispatch(action: str, spec: ShareSpec) -> int:
    mounted = await is_mounted(spec)
    table = {
        ("up", False): lambda: _up(spec),
        ("down", True): lambda: detach(spec),
        ("status", True): lambda: _say(f"{spec.mountpoint} mounted"),
        ("status", False): lambda: _say(f"{spec.mountpoint} not mounted"),
    }
    handler = table.get((action, mounted))
    if handler is None:
        log.info("nothing to do for %s (mounted=%s)", action, mounted)
        return 0
    return await handler()


async def _up(spec: ShareSpec) -> int:
    await prepare(spec)
    code = await attach(spec)
    if code == 0:
        log.info("%s mounted on %s", spec.source, spec.mountpoint)
    return code


async def _say(text: str) -> int:
    print(text)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["up", "down", "status"], nargs="?", default="up")
    parser.add_argument("--server", default=os.environ.get("FORMS_NAS", ShareSpec.server))
    parser.add_argument("--mountpoint", default=str(ShareSpec.mountpoint))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    spec = ShareSpec(server=args.server, mountpoint=Path(args.mountpoint))
    return asyncio.run(dispatch(args.action, spec))


if __name__ == "__main__":
    raise SystemExit(main())
