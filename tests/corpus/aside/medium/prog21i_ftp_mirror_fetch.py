#!/usr/bin/env python3
"""Mirror a handful of release tarballs from a public FTP archive.

Logs in anonymously, lists a remote directory, picks the newest N files
matching a pattern and downloads any that are missing or have a different
size from the copy in ./mirror/. Files are only stored, never unpacked.
"""

import argparse
import fnmatch
import ftplib
import os
import re
import sys

DEFAULT_HOST = "ftp.gnu.org"
DEFAULT_DIR = "/gnu/hello"
DEFAULT_PATTERN = "hello-*.tar.gz"
LOCAL_DIR = "mirror"


def version_key(name):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name)]


def connect(host, timeout):
    ftp = ftplib.FTP(host, timeout=timeout)
    ftp.login()  # anonymous
    return ftp


def list_remote(ftp, directory, pattern):
    ftp.cwd(directory)
    names = [n for n in ftp.nlst() if fnmatch.fnmatch(n, pattern)]
    return sorted(names, key=version_key)


def remote_size(ftp, name):
    try:
        ftp.voidcmd("TYPE I")
        return ftp.size(name)
    except ftplib.error_perm:
        return None


def needs_download(local_path, size):
    if not os.path.exists(local_path):
        return True
    return size is not None and os.path.getsize(local_path) != size


def download(ftp, name, local_path):
    partial = local_path + ".part"
    with open(partial, "wb") as fh:
        ftp.retrbinary(f"RETR {name}", fh.write, blocksize=64 * 1024)
    os.replace(partial, local_path)


def mirror(host, directory, pattern, keep, timeout, dry_run):
    os.makedirs(LOCAL_DIR, exist_ok=True)
    fetched = skipped = 0
    ftp = connect(host, timeout)
    try:
        names = list_remote(ftp, directory, pattern)[-keep:]
        print(f"{len(names)} candidate file(s) in {host}:{directory}")
        for name in names:
            local_path = os.path.join(LOCAL_DIR, os.path.basename(name))
            size = remote_size(ftp, name)
            if not needs_download(local_path, size):
                skipped += 1
                continue
            if dry_run:
                print(f"would fetch {name} ({size} bytes)")
                continue
            print(f"fetching {name} ({size} bytes)")
            download(ftp, name, local_path)
            fetched += 1
    finally:
        try:
            ftp.quit()
        except ftplib.all_errors:
            ftp.close()
    return fetched, skipped


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--dir", default=DEFAULT_DIR)
    parser.add_argument("--pattern", default=DEFAULT_PATTERN)
    parser.add_argument("--keep", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    try:
        fetched, skipped = mirror(args.host, args.dir, args.pattern,
                                  args.keep, args.timeout, args.dry_run)
    except ftplib.all_errors as exc:
        print(f"ftp error: {exc}", file=sys.stderr)
        return 1
    print(f"done: {fetched} fetched, {skipped} already current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
