#!/usr/bin/env python3
"""nasync - copy files to and from the family NAS.

Usage:
  nasync ls [<remote_path>] [--long]
  nasync pull <remote_path> [<local_path>] [--overwrite]
  nasync push <local_path> [<remote_path>]
  nasync mount [--share=<export>] [--mountpoint=<dir>] [--options=<opts>]
  nasync umount [--mountpoint=<dir>]
  nasync (-h | --help)
  nasync --version

Options:
  --long                Show sizes and modification times.
  --overwrite           Replace an existing local file.
  --share=<export>      NFS export on the NAS [default: /volume1/family].
  --mountpoint=<dir>    Local mount point [default: /mnt/nas].
  --options=<opts>      NFS mount options [default: vers=4.1,rw,noatime].

Environment:
  NASYNC_HOST    NAS host name (default nas.home.arpa)
  NASYNC_TOKEN   API token for the NAS file service
"""
import logging
import os
import posixpath
import subprocess
import sys
from pathlib import Path

import httpx
from docopt import docopt

VERSION = "nasync 0.6.2"
NAS_HOST = os.environ.get("NASYNC_HOST", "nas.home.arpa")
API_ROOT = f"https://{NAS_HOST}:5001/api/v2/files"
CHUNK = 1 << 16

log = logging.getLogger("nasync")


class NasError(RuntimeError):
    pass


def client() -> httpx.Client:
    token = os.environ.get("NASYNC_TOKEN")
    if not token:
        raise NasError("NASYNC_TOKEN is not set")
    return httpx.Client(base_url=API_ROOT, timeout=30.0,
                        headers={"Authorization": f"Token {token}"})


def human(n: int) -> str:
    for unit in ("B", "K", "M", "G", "T"):
        if n < 1024:
            return f"{n:.0f}{unit}"
        n /= 1024
    return f"{n:.1f}P"


def cmd_ls(args):
    remote = args["<remote_path>"] or "/"
    with client() as http:
        resp = http.get("/list", params={"path": remote})
        resp.raise_for_status()
    for item in resp.json().get("items", []):
        name = item["name"] + ("/" if item.get("is_dir") else "")
        if args["--long"]:
            print(f"{human(item.get('size', 0)):>6}  {item.get('mtime', '-'):<20}  {name}")
        else:
            print(name)


def cmd_pull(args):
    remote = args["<remote_path>"]
    local = Path(args["<local_path>"] or posixpath.basename(remote.rstrip("/")))
    if local.exists() and not args["--overwrite"]:
        raise NasError(f"{local} exists; pass --overwrite to replace it")
    tmp = local.with_name(local.name + ".part")
    with client() as http, http.stream("GET", "/content", params={"path": remote}) as resp:
        if resp.status_code == 404:
            raise NasError(f"{remote}: no such file on the NAS")
        resp.raise_for_status()
        with tmp.open("wb") as fh:
            for chunk in resp.iter_bytes(CHUNK):
                fh.write(chunk)
    tmp.replace(local)
    log.info("pulled %s -> %s", remote, local)


def cmd_push(args):
    local = Path(args["<local_path>"])
    if not local.is_file():
        raise NasError(f"{local} is not a file")
    remote = args["<remote_path>"] or posixpath.join("/inbox", local.name)
    with client() as http, local.open("rb") as fh:
        resp = http.put("/content", params={"path": remote}, content=fh)
        resp.raise_for_status()
    log.info("pushed %s -> %s (%s)", local, remote, human(local.stat().st_size))


def run_privileged(cmd):
    log.debug("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise NasError(result.stderr.strip() or f"{cmd[1]} failed ({result.returncode})")


def cmd_mount(args):
    mountpoint = Path(args["--mountpoint"])
    if os.path.ismount(mountpoint):
        print(f"{mountpoint} is already mounted")
        return
    source = f"{NAS_HOST}:{args['--share']}"
    run_privileged(["sudo", "mkdir", "-p", str(mountpoint)])
    run_privileged(["sudo", "mount", "-t", "nfs", "-o", args["--options"],
                    source, str(mountpoint)])
    print(f"mounted {source} on {mountpoint}")


def cmd_umount(args):
    mountpoint = Path(args["--mountpoint"])
    if not os.path.ismount(mountpoint):
        print(f"{mountpoint} is not mounted")
        return
    run_privileged(["sudo", "umount", str(mountpoint)])
    print(f"unmounted {mountpoint}")


HANDLERS = {
    "ls": cmd_ls,
    "pull": cmd_pull,
    "push": cmd_push,
    "mount": cmd_mount,
    "umount": cmd_umount,
}


def main() -> int:
    args = docopt(__doc__, version=VERSION)
    logging.basicConfig(level=os.environ.get("NASYNC_LOG", "INFO").upper(),
                        format="nasync: %(message)s")
    command = next(name for name in HANDLERS if args.get(name))
    try:
        HANDLERS[command](args)
    except NasError as exc:
        log.error("%s", exc)
        return 1
    except httpx.HTTPError as exc:
        log.error("NAS request failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
