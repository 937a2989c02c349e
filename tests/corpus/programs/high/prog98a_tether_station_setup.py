#!/usr/bin/env python3
"""Tethered-capture importer for school picture day.

Runs gphoto2 in tethered mode, waits for each frame to land in the hot
folder, then renames it to <school>_<card-number>_<frame>.CR3 using the
student card that was last scanned at the station (read from the barcode
queue file), writes IPTC fields with exiftool and moves the frame into the
session folder.  On a fresh laptop it first sets up USB access for the
camera bodies the studio uses so the tether does not need to run as root.
"""

import argparse
import json
import logging
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("tether")

RAW_EXT = {".cr2", ".cr3", ".nef", ".arw", ".raf", ".jpg"}

# Canon, Nikon, Sony, Fujifilm
CAMERA_VENDORS = ("04a9", "04b0", "054c", "04cb")
RULES_PATH = "/etc/udev/rules.d/60-studio-tether.rules"


def udev_rules(group):
    lines = ["# studio tether stations"]
    for vid in CAMERA_VENDORS:
        lines.append(f'SUBSYSTEM=="usb", ATTR{{idVendor}}=="{vid}", '
                     f'MODE="0664", GROUP="{group}", ENV{{ID_GPHOTO2}}="1"')
    return "\n".join(lines) + "\n"


def prepare_usb_access(group):
    """Install camera USB permissions once per workstation."""
    wanted = udev_rules(group)
    try:
        if Path(RULES_PATH).read_text() == wanted:
            return
    except OSError:
        pass
    LOG.info("installing camera USB rules at %s", RULES_PATH)
    write = subprocess.run(["sudo", "-n", "tee", RULES_PATH], input=wanted,
                           text=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if write.returncode != 0:
        LOG.warning("could not write rules: %s", write.stderr.strip())
        return
    for step in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=usb"]):
        subprocess.run(["sudo", "-n", *step], check=False)


class Station:
    def __init__(self, cfg):
        self.school = cfg["school"]
        self.hot = Path(cfg.get("hot_folder", "hot"))
        self.session = Path(cfg.get("session_folder", "session"))
        self.card_file = Path(cfg.get("card_queue", "current_card.txt"))
        self.gphoto = cfg.get("gphoto2", "gphoto2")
        self.exiftool = cfg.get("exiftool", "exiftool")
        self.camera_port = cfg.get("port")
        self.frames = queue.Queue()
        self.counter = {}
        self.hot.mkdir(exist_ok=True)
        self.session.mkdir(exist_ok=True)

    def current_card(self):
        try:
            text = self.card_file.read_text().strip()
            return text or "UNASSIGNED"
        except FileNotFoundError:
            return "UNASSIGNED"

    def tether_cmd(self):
        cmd = [self.gphoto, "--capture-tethered", "--keep",
               "--filename", str(self.hot / "%Y%m%d-%H%M%S-%n.%C")]
        if self.camera_port:
            cmd[1:1] = ["--port", self.camera_port]
        return cmd

    def run_tether(self, stop):
        while not stop.is_set():
            LOG.info("starting tether: %s", " ".join(self.tether_cmd()))
            proc = subprocess.Popen(self.tether_cmd(), stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            for line in proc.stdout:
                line = line.strip()
                if line.startswith("Saving file as"):
                    self.frames.put(Path(line.split("as", 1)[1].strip()))
                elif "error" in line.lower():
                    LOG.warning("gphoto2: %s", line)
                if stop.is_set():
                    proc.terminate()
                    break
            proc.wait()
            if not stop.is_set():
                LOG.warning("camera disconnected (rc=%s), retrying in 3s", proc.returncode)
                time.sleep(3)

    def tag(self, path, card):
        args = [self.exiftool, "-overwrite_original", "-q",
                f"-IPTC:ObjectName={card}",
                f"-IPTC:Sub-location={self.school}",
                f"-XMP-dc:Subject={card}", str(path)]
        res = subprocess.run(args, capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            LOG.warning("exiftool failed on %s: %s", path.name, res.stderr.strip())

    def file_frame(self, src):
        if src.suffix.lower() not in RAW_EXT or not src.exists():
            return None
        card = self.current_card()
        n = self.counter.get(card, 0) + 1
        self.counter[card] = n
        dest = self.session / f"{self.school}_{card}_{n:03d}{src.suffix.upper()}"
        self.tag(src, card)
        shutil.move(str(src), dest)
        LOG.info("filed %s -> %s", src.name, dest.name)
        return dest

    def run_filer(self, stop):
        while not stop.is_set() or not self.frames.empty():
            try:
                src = self.frames.get(timeout=1)
            except queue.Empty:
                continue
            try:
                self.file_frame(src)
            except (OSError, subprocess.SubprocessError) as exc:
                LOG.error("could not file %s: %s", src, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Tethered capture importer")
    ap.add_argument("-c", "--config", default="station.json")
    ap.add_argument("--school", help="override school code")
    ap.add_argument("--skip-usb-setup", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")
    try:
        cfg = json.loads(Path(args.config).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 2
    if args.school:
        cfg["school"] = args.school
    if "school" not in cfg:
        LOG.error("no school code configured")
        return 2

    if not args.skip_usb_setup:
        prepare_usb_access(cfg.get("usb_group", "plugdev"))

    station = Station(cfg)
    stop = threading.Event()
    threads = [threading.Thread(target=station.run_tether, args=(stop,), name="tether"),
               threading.Thread(target=station.run_filer, args=(stop,), name="filer")]
    for t in threads:
        t.start()
    try:
        while any(t.is_alive() for t in threads):
            time.sleep(0.5)
    except KeyboardInterrupt:
        LOG.info("stopping station")
        stop.set()
    for t in threads:
        t.join(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
