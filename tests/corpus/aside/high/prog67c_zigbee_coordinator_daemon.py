#!/usr/bin/env python3
"""Zigbee coordinator daemon: relays ZNP frames from the coordinator stick
to the local MQTT broker.

The daemon is started by the init system as root so that it can open the
coordinator's serial device regardless of udev group assignments, then
continues as the unprivileged service account configured in zigbeed.toml:

    [daemon]
    user = "zigbee"
    serial = "/dev/ttyACM0"
    baud = 115200

    [mqtt]
    host = "127.0.0.1"
    port = 1883
    topic = "zigbee/raw"
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import threading
import tomllib

import paho.mqtt.client as mqtt
import serial

log = logging.getLogger("zigbeed")

SOF = 0xFE


class Credentials:
    """Switch the process to the service account via libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, username):
        pw = pwd.getpwnam(username)
        self.name = username
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        libc = self._libc
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(libc.setgroups(ctypes.c_size_t(len(self.groups)), arr), "setgroups")
        self._check(libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        os.environ["HOME"] = pwd.getpwuid(self.uid).pw_dir
        log.info("running as %s (%d:%d)", self.name, self.uid, self.gid)


def znp_frames(port):
    """Yield raw ZNP frames (without SOF/FCS) read from the serial port."""
    buf = bytearray()
    while True:
        chunk = port.read(port.in_waiting or 1)
        if not chunk:
            continue
        buf.extend(chunk)
        while True:
            try:
                start = buf.index(SOF)
            except ValueError:
                buf.clear()
                break
            if len(buf) - start < 5:
                break
            length = buf[start + 1]
            end = start + 5 + length
            if len(buf) < end:
                break
            frame = bytes(buf[start + 1:end - 1])
            fcs = buf[end - 1]
            x = 0
            for b in frame:
                x ^= b
            del buf[:end]
            if x == fcs:
                yield frame
            else:
                log.debug("bad FCS, dropped %d bytes", length)


def relay(port, client, topic, stop):
    for frame in znp_frames(port):
        if stop.is_set():
            break
        cmd0, cmd1 = frame[1], frame[2]
        client.publish(f"{topic}/{cmd0:02x}{cmd1:02x}", frame.hex(), qos=0)


def main():
    ap = argparse.ArgumentParser(description="Zigbee coordinator to MQTT relay")
    ap.add_argument("-c", "--config", default="zigbeed.toml")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    with open(args.config, "rb") as fh:
        conf = tomllib.load(fh)
    dcfg, mcfg = conf["daemon"], conf.get("mqtt", {})

    try:
        port = serial.Serial(dcfg.get("serial", "/dev/ttyACM0"), dcfg.get("baud", 115200), timeout=1)
    except serial.SerialException as exc:
        log.error("cannot open coordinator: %s", exc)
        return 1

    if os.geteuid() == 0:
        try:
            Credentials(dcfg.get("user", "zigbee")).apply()
        except (KeyError, OSError) as exc:
            log.error("cannot switch to service account: %s", exc)
            return 1

    # ZNP SYS_PING so the stick leaves bootloader mode
    port.write(bytes([SOF, 0x00, 0x21, 0x01, 0x20]))

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="zigbeed")
    client.connect(mcfg.get("host", "127.0.0.1"), mcfg.get("port", 1883), keepalive=30)
    client.loop_start()

    stop = threading.Event()
    worker = threading.Thread(target=relay, args=(port, client, mcfg.get("topic", "zigbee/raw"), stop), daemon=True)
    worker.start()
    try:
        worker.join()
    except KeyboardInterrupt:
        stop.set()
    finally:
        client.loop_stop()
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
