#!/usr/bin/env python3
"""I2C IMU daemon for the BMI088 / MPU-9250 on the robot's sensor hat.

Opens the I2C bus, then switches to the unprivileged service account named
in imu_daemon.ini before entering the sampling loop, and publishes samples
as newline-delimited JSON on a local UNIX socket for the ROS bridge.
"""
import configparser
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import struct
import sys
import time

from smbus2 import SMBus

LOG = logging.getLogger("imu_daemon")

MPU_ADDR = 0x68
PWR_MGMT_1 = 0x6B
ACCEL_XOUT_H = 0x3B
ACCEL_SCALE = 16384.0
GYRO_SCALE = 131.0

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.setresuid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_libc.setresgid.argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]


def load_config(path="imu_daemon.ini"):
    cp = configparser.ConfigParser()
    cp.read_dict({"daemon": {"user": "robot", "group": "i2c", "bus": "1",
                             "rate_hz": "200", "socket": "/run/robot/imu.sock"}})
    cp.read(path)
    return cp["daemon"]


def switch_identity(user, group):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    if _libc.setresgid(gid, gid, gid) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setresgid: {os.strerror(err)}")
    if _libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setresuid: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    LOG.info("running as %s:%s", user, group)


class Mpu9250:
    def __init__(self, bus):
        self.bus = bus
        self.bus.write_byte_data(MPU_ADDR, PWR_MGMT_1, 0x00)
        time.sleep(0.1)

    def read(self):
        raw = bytes(self.bus.read_i2c_block_data(MPU_ADDR, ACCEL_XOUT_H, 14))
        ax, ay, az, temp, gx, gy, gz = struct.unpack(">7h", raw)
        return {
            "t": time.time(),
            "accel": [ax / ACCEL_SCALE, ay / ACCEL_SCALE, az / ACCEL_SCALE],
            "gyro": [gx / GYRO_SCALE, gy / GYRO_SCALE, gz / GYRO_SCALE],
            "temp_c": temp / 333.87 + 21.0,
        }


class Publisher:
    def __init__(self, path):
        self.path = path
        self.clients = []
        if os.path.exists(path):
            os.unlink(path)
        self.srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.srv.bind(path)
        os.chmod(path, 0o660)
        self.srv.listen(4)
        self.srv.setblocking(False)

    def accept(self):
        try:
            conn, _ = self.srv.accept()
            self.clients.append(conn)
            LOG.info("client connected (%d total)", len(self.clients))
        except BlockingIOError:
            pass

    def send(self, sample):
        line = (json.dumps(sample) + "\n").encode()
        for c in list(self.clients):
            try:
                c.sendall(line)
            except OSError:
                self.clients.remove(c)
                c.close()


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = load_config(sys.argv[1] if len(sys.argv) > 1 else "imu_daemon.ini")
    os.makedirs(os.path.dirname(cfg["socket"]), exist_ok=True)

    bus = SMBus(int(cfg["bus"]))
    pub = Publisher(cfg["socket"])
    try:
        switch_identity(cfg["user"], cfg["group"])
    except (KeyError, OSError) as exc:
        LOG.error("could not switch identity: %s", exc)
        return 1

    imu = Mpu9250(bus)
    period = 1.0 / float(cfg["rate_hz"])
    next_t = time.monotonic()
    while True:
        pub.accept()
        try:
            pub.send(imu.read())
        except OSError as exc:
            LOG.warning("i2c read failed: %s", exc)
        next_t += period
        time.sleep(max(0.0, next_t - time.monotonic()))


if __name__ == "__main__":
    sys.exit(main())
