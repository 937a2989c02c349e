#!/usr/bin/env python3
"""Run the GOES/Iridium message decoder for the tide gauge network in a container.

The decoder needs the SDR dongle and the serial modem on the host, so the
container is started with full device access.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("tg-decoder")
IMAGE = "registry.example.org/tidenet/decoder:2.7"
NAME = "tg-decoder"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("action", choices=["start", "stop", "status", "logs"])
    p.add_argument("--image", default=os.environ.get("TG_DECODER_IMAGE", IMAGE))
    p.add_argument("--data", default="./decoded", help="host directory for decoded messages")
    p.add_argument("--channel", default="GOES-E", help="satellite channel to follow")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def docker(*argv, capture=False):
    cmd = ["docker", *argv]
    LOG.debug("run: %s", shlex.join(cmd))
    return subprocess.run(cmd, capture_output=capture, text=True)


def is_running():
    out = docker("ps", "-q", "--filter", f"name=^{NAME}$", capture=True)
    return bool(out.stdout.strip())


def render_start_script(image, data_dir, channel):
    # kept as a script so field staff can rerun it by hand
    return f"""#!/usr/bin/env bash
set -e
docker pull {shlex.quote(image)} >/dev/null
docker run -d --name {NAME} \\
    --privileged \\
    --net host \\
    -v /dev:/dev \\
    -v {shlex.quote(str(data_dir))}:/data \\
    -e DECODER_CHANNEL={shlex.quote(channel)} \\
    {shlex.quote(image)}
"""


def start(args):
    if is_running():
        LOG.info("%s already running", NAME)
        return 0
    data_dir = Path(args.data).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    docker("rm", "-f", NAME, capture=True)
    script = Path("start_decoder.sh")
    script.write_text(render_start_script(args.image, data_dir, args.channel))
    script.chmod(0o755)
    rc = subprocess.call(["bash", str(script)])
    if rc != 0:
        LOG.error("decoder failed to start (rc=%d)", rc)
        return rc
    LOG.info("decoder started, messages in %s", data_dir)
    return 0


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.action == "start":
            return start(args)
        if args.action == "stop":
            docker("stop", NAME)
            return docker("rm", NAME).returncode
        if args.action == "status":
            print("running" if is_running() else "stopped")
            return 0
        if args.action == "logs":
            return docker("logs", "--tail", "200", NAME).returncode
    except FileNotFoundError:
        LOG.error("docker CLI not installed")
        return 127
    return 1


if __name__ == "__main__":
    sys.exit(main())
