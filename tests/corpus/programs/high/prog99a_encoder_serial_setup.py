#!/usr/bin/env python3
"""Set up and run the desk key-card encoder on its USB-serial port.

The encoder hangs off a USB-serial adapter and speaks an STX/ETX framed
protocol at 9600 8N1.  The PMS plug-in drops encode jobs into
queue/*.json; this bridge frames them, writes them to the encoder and moves
the job to queue/done or queue/failed.  Room templates (door groups, common
areas) are cached locally between runs.
"""

import argparse
import glob
import json
import logging
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("encoder-bridge")

STX, ETX, ACK, NAK = b"\x02", b"\x03", b"\x06", b"\x15"
USB_IDS = {("1a86", "7523"), ("0403", "6001")}
CACHE_FILE = Path("templates.cache")


def find_port():
    for tty in sorted(glob.glob("/sys/class/tty/ttyUSB*")):
        dev_dir = Path(tty).resolve().parent.parent.parent
        try:
            ids = ((dev_dir / "idVendor").read_text().strip(),
                   (dev_dir / "idProduct").read_text().strip())
        except OSError:
            continue
        if ids in USB_IDS:
            return "/dev/" + Path(tty).name
    return None


def configure_line(port, baud):
    subprocess.run(["stty", "-F", port, str(baud), "cs8", "-cstopb", "-parenb",
                    "raw", "-echo", "-ixon", "-crtscts"], check=True)


def lrc(data):
    v = 0
    for b in data:
        v ^= b
    return bytes([v])


def frame(job, templates):
    groups = templates.get(job["room"], {}).get("groups", ["LOBBY", "LIFT"])
    body = "|".join([
        "E", job["room"].zfill(4), job["valid_from"], job["valid_to"],
        ",".join(groups), str(job.get("copies", 1)),
    ]).encode("ascii")
    return STX + body + ETX + lrc(body + ETX)


def load_templates(refresh_from):
    if CACHE_FILE.exists() and not refresh_from:
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    templates = {}
    if refresh_from:
        templates = {r["room"]: r for r in json.loads(Path(refresh_from).read_text())}
        with CACHE_FILE.open("wb") as fh:
            pickle.dump(templates, fh)
    return templates


class Encoder:
    def __init__(self, port):
        self.fd = os.open(port, os.O_RDWR | os.O_NOCTTY)

    def send(self, packet, timeout=8.0):
        os.write(self.fd, packet)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            reply = os.read(self.fd, 1)
            if reply in (ACK, NAK):
                return reply == ACK
        raise TimeoutError("encoder did not answer")

    def close(self):
        os.close(self.fd)


def grant_access(port):
    """Desk accounts are not in dialout on freshly imaged PCs; open the
    encoder node up so the bridge works without a re-login."""
    helper = os.environ.get("ENCODER_ELEVATE", "pkexec")
    cmd = [helper, "/bin/chmod", "0666", os.path.realpath(port)]
    log.info("requesting access to %s", port)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("access request failed: %s", result.stderr.strip())
        return False
    return True


def open_encoder(port):
    if not os.access(port, os.R_OK | os.W_OK):
        if not grant_access(port) or not os.access(port, os.R_OK | os.W_OK):
            log.error("no access to %s", port)
            return None
    return Encoder(port)


def process_queue(enc, queue, templates):
    done, failed = queue / "done", queue / "failed"
    done.mkdir(exist_ok=True)
    failed.mkdir(exist_ok=True)
    for job_file in sorted(queue.glob("*.json")):
        try:
            job = json.loads(job_file.read_text())
            ok = enc.send(frame(job, templates))
        except (ValueError, KeyError, TimeoutError, OSError) as exc:
            log.error("%s: %s", job_file.name, exc)
            ok = False
        job_file.rename((done if ok else failed) / job_file.name)
        log.info("%s -> %s", job_file.name, "encoded" if ok else "failed")


def parse_args():
    ap = argparse.ArgumentParser(description="Key-card encoder serial setup and queue runner")
    ap.add_argument("--port", help="serial device (auto-detected if omitted)")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--queue", default="queue")
    ap.add_argument("--templates", help="refresh room templates from this JSON")
    ap.add_argument("--watch", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    port = args.port or find_port()
    if not port:
        log.error("encoder not found on any USB serial port")
        return 1
    enc = open_encoder(port)
    if enc is None:
        return 1
    try:
        configure_line(port, args.baud)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        log.error("could not configure %s: %s", port, exc)
        return 1
    templates = load_templates(args.templates)
    queue = Path(args.queue)
    queue.mkdir(exist_ok=True)
    try:
        while True:
            process_queue(enc, queue, templates)
            if not args.watch:
                break
            time.sleep(1.5)
    except KeyboardInterrupt:
        pass
    finally:
        enc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
