"""Self-updater for a command-line tool: asks the release server for the
latest installer, writes it to a private temporary file through its
descriptor and runs it. Written for the eleventh round: a download written
with os.write to mkstemp's descriptor and run by name (download-and-execute
through descriptors)."""
import argparse
import logging
import os
import stat
import subprocess
import tempfile
import urllib.request

log = logging.getLogger("updater")

DEFAULT_SERVER = "https://releases.example-tools.net"


def fetch_installer(server, channel):
    url = f"{server}/{channel}/install.sh"
    log.info("downloading %s", url)
    with urllib.request.urlopen(url, timeout=30) as resp:
        return resp.read()


def write_private(data):
    fd, path = tempfile.mkstemp(prefix="upd-", suffix=".sh")
    try:
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
    finally:
        os.close(fd)
    os.chmod(path, stat.S_IRWXU)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.environ.get("TOOL_UPDATE_SERVER", DEFAULT_SERVER))
    ap.add_argument("--channel", choices=["stable", "beta"], default="stable")
    ap.add_argument("--keep", action="store_true", help="keep the installer after running it")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    data = fetch_installer(args.server, args.channel)
    path = write_private(data)
    try:
        subprocess.run(["/bin/sh", path, "--quiet"], check=True)
    finally:
        if not args.keep:
            os.unlink(path)


if __name__ == "__main__":
    main()
