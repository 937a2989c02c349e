#!/usr/bin/env python3
"""Drive a 4-channel relay board from a Raspberry Pi via the sysfs GPIO API.

Usage:
  prog27e_gpio_relay_controller.py on|off|pulse|status RELAY [SECONDS]

Relays are active-low. Pins are exported through /sys/class/gpio and their
direction/value files are written directly (needs root or gpio group).
"""
import os
import sys
import time

SYSFS = "/sys/class/gpio"
RELAYS = {"1": 17, "2": 27, "3": 22, "4": 23}
ACTIVE_LOW = True


def write(path, value):
    with open(path, "w") as fh:
        fh.write(str(value))


def export(pin):
    pin_dir = f"{SYSFS}/gpio{pin}"
    if not os.path.isdir(pin_dir):
        write(f"{SYSFS}/export", pin)
        # udev needs a moment to create the attribute files
        for _ in range(20):
            if os.path.exists(f"{pin_dir}/direction"):
                break
            time.sleep(0.05)
    write(f"{pin_dir}/direction", "out")
    return pin_dir


def set_relay(pin, on):
    pin_dir = export(pin)
    level = (0 if on else 1) if ACTIVE_LOW else (1 if on else 0)
    write(f"{pin_dir}/value", level)


def read_relay(pin):
    pin_dir = f"{SYSFS}/gpio{pin}"
    if not os.path.isdir(pin_dir):
        return None
    with open(f"{pin_dir}/value") as fh:
        level = int(fh.read().strip())
    return (level == 0) if ACTIVE_LOW else (level == 1)


def unexport(pin):
    if os.path.isdir(f"{SYSFS}/gpio{pin}"):
        write(f"{SYSFS}/unexport", pin)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    action = argv[1]
    if action == "status":
        for name, pin in RELAYS.items():
            st = read_relay(pin)
            label = "unexported" if st is None else ("ON" if st else "off")
            print(f"relay {name} (GPIO{pin}): {label}")
        return 0
    if len(argv) < 3 or argv[2] not in RELAYS:
        print(f"relay must be one of {', '.join(RELAYS)}", file=sys.stderr)
        return 2
    pin = RELAYS[argv[2]]
    try:
        if action == "on":
            set_relay(pin, True)
        elif action == "off":
            set_relay(pin, False)
        elif action == "pulse":
            seconds = float(argv[3]) if len(argv) > 3 else 1.0
            set_relay(pin, True)
            time.sleep(seconds)
            set_relay(pin, False)
            unexport(pin)
        else:
            print(f"unknown action {action}", file=sys.stderr)
            return 2
    except PermissionError:
        print("permission denied: run as root or add user to gpio group",
              file=sys.stderr)
        return 1
    print(f"relay {argv[2]} -> {action}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
