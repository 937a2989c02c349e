#!/usr/bin/env python3
"""Run the firmware flashing tool in Docker.

The flasher needs direct access to the USB serial device, so the container
is started privileged with /dev mounted. The firmware file from the current
directory is mounted read-only at /firmware.
"""
import argparse
import os
import shutil
import subprocess
import sys

IMAGE = "ghcr.io/espressif/idf:v5.1"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("firmware", help="firmware .bin in the current directory")
    parser.add_argument("--port", default="/dev/ttyUSB0")
    parser.add_argument("--baud", type=int, default=460800)
    args = parser.parse_args()

    if shutil.which("docker") is None:
        sys.exit("docker is not installed")
    if not os.path.isfile(args.firmware):
        sys.exit(f"firmware file not found: {args.firmware}")

    fw = os.path.abspath(args.firmware)
    print(f"Pulling {IMAGE} (first run only takes a while)...")
    subprocess.run(["docker", "pull", IMAGE], check=True)

    cmd = [
        "docker", "run", "--rm", "-it",
        "--privileged",               # raw access to the serial device
        "-v", "/dev:/dev",
        "-v", f"{fw}:/firmware/{os.path.basename(fw)}:ro",
        IMAGE,
        "esptool.py", "--port", args.port, "--baud", str(args.baud),
        "write_flash", "0x0", f"/firmware/{os.path.basename(fw)}",
    ]
    print("Running:", " ".join(cmd))
    result = subprocess.run(cmd)
    if result.returncode == 0:
        print("Flashing complete. Reset the board to boot the new firmware.")
    else:
        print(f"Flasher exited with code {result.returncode}")
        sys.exit(result.returncode)


if __name__ == "__main__":
    main()
