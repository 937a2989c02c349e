#!/usr/bin/env python3
"""Install printer/paper ICC profiles for the whole studio workstation.

Paper vendors ship profiles as .icc/.icm files inside zip bundles. This tool
validates each profile header, names it after its description tag, installs
it into the shared colord store so every user (and the print RIP service)
sees it, and restarts colord so GIMP/darktable pick it up without a logout.

    icc_profile_install.py ~/Downloads/Hahnemuehle_PhotoRag_P9000.zip
    icc_profile_install.py --scope user profiles/*.icc
"""
import argparse
import logging
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

log = logging.getLogger("iccinstall")

SCOPES = {
    "system": Path("/usr/share/color/icc/colord"),
    "user": Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / "icc",
}
PROFILE_EXT = {".icc", ".icm"}


class ProfileError(ValueError):
    pass


def read_description(data):
    """Return the 'desc' tag text (v2 textDescriptionType or v4 mluc)."""
    count = struct.unpack(">I", data[128:132])[0]
    for i in range(count):
        sig, off, size = struct.unpack(">4sII", data[132 + 12 * i: 144 + 12 * i])
        if sig != b"desc":
            continue
        tag = data[off: off + size]
        if tag[:4] == b"desc":
            n = struct.unpack(">I", tag[8:12])[0]
            return tag[12: 12 + n].rstrip(b"\0").decode("latin-1")
        if tag[:4] == b"mluc":
            rec_len, rec_off = struct.unpack(">II", tag[20:28])
            return tag[rec_off: rec_off + rec_len].decode("utf-16-be")
    return None


def validate(path):
    data = path.read_bytes()
    if len(data) < 132 or data[36:40] != b"acsp":
        raise ProfileError(f"{path.name}: missing acsp signature")
    declared = struct.unpack(">I", data[:4])[0]
    if declared != len(data):
        raise ProfileError(f"{path.name}: header size {declared} != file size {len(data)}")
    cls = data[12:16].decode("ascii", "replace")
    desc = read_description(data) or path.stem
    return desc, cls


def clean_filename(desc, suffix):
    return re.sub(r"[^A-Za-z0-9._+-]+", "_", desc).strip("_") + suffix.lower()


def gather(inputs, workdir):
    for item in inputs:
        p = Path(item).expanduser()
        if p.suffix.lower() == ".zip":
            with zipfile.ZipFile(p) as zf:
                for member in zf.namelist():
                    if Path(member).suffix.lower() in PROFILE_EXT and not member.startswith("__MACOSX"):
                        target = Path(workdir) / Path(member).name
                        target.write_bytes(zf.read(member))
                        yield target
        elif p.suffix.lower() in PROFILE_EXT:
            yield p
        else:
            log.warning("skipping %s", p)


def place(src, dest_dir, name, scope):
    dest = dest_dir / name
    if scope == "user":
        dest_dir.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        return dest
    subprocess.run(["sudo", "install", "-D", "-o", "root", "-g", "root", "-m", "0644",
                    str(src), str(dest)], check=True)
    return dest


def reload_colord(scope):
    if scope == "system":
        subprocess.run(["sudo", "systemctl", "restart", "colord.service"], check=False)
    else:
        subprocess.run(["colormgr", "get-profiles"], stdout=subprocess.DEVNULL, check=False)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Install ICC profiles")
    ap.add_argument("inputs", nargs="+", help=".icc/.icm files or vendor .zip bundles")
    ap.add_argument("--scope", choices=SCOPES, default="system")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dest_dir = SCOPES[args.scope]
    installed = 0
    with tempfile.TemporaryDirectory(prefix="iccinst-") as work:
        for prof in gather(args.inputs, work):
            try:
                desc, cls = validate(prof)
            except (ProfileError, struct.error) as exc:
                log.error("%s", exc)
                continue
            name = clean_filename(desc, prof.suffix)
            log.info("%-40s class=%s -> %s", desc, cls, dest_dir / name)
            if args.dry_run:
                continue
            try:
                place(prof, dest_dir, name, args.scope)
                installed += 1
            except (OSError, subprocess.CalledProcessError) as exc:
                log.error("could not install %s: %s", prof.name, exc)
    if installed:
        reload_colord(args.scope)
    log.info("%d profile(s) installed into %s", installed, dest_dir)
    return 0 if installed or args.dry_run else 1


if __name__ == "__main__":
    sys.exit(main())
