#!/usr/bin/env python3
"""Report the state of the SX1302/SX1303 LoRa concentrator on a gateway.

Works out the carrier board from /proc/cpuinfo, reads the packet-forwarder
config (global_conf.json in the working directory), looks at the reset and
power GPIOs and at the SPI device node, and asks the LNS when it last heard
from this gateway. The result is printed and written to status.json.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict, field

log = logging.getLogger("concentrator")

GPIO_ROOT = "/sys/class/gpio"


@dataclass
class BoardPins:
    name: str
    reset: int
    power: int
    spi_dev: str = "/dev/spidev0.0"


BOARDS = {
    "Raspberry Pi 4": BoardPins("rpi4-corecell", reset=17, power=18),
    "Raspberry Pi 3": BoardPins("rpi3-corecell", reset=17, power=18),
    "Raspberry Pi Compute Module 4": BoardPins("cm4-gw", reset=22, power=23, spi_dev="/dev/spidev1.0"),
}


@dataclass
class Status:
    board: str = "unknown"
    gateway_id: str = ""
    spi_present: bool = False
    reset_line: str = "unexported"
    power_line: str = "unexported"
    lns_last_seen: str = ""
    checked_at: float = field(default_factory=time.time)


def detect_board():
    model = ""
    with open("/proc/cpuinfo") as fh:
        for line in fh:
            if line.startswith("Model"):
                model = line.split(":", 1)[1].strip()
    for prefix, pins in BOARDS.items():
        if model.startswith(prefix):
            return model, pins
    return model, None


def gpio_state(pin):
    path = os.path.join(GPIO_ROOT, f"gpio{pin}")
    if not os.path.isdir(path):
        return "unexported"
    try:
        with open(os.path.join(path, "direction")) as d, open(os.path.join(path, "value")) as v:
            return f"{d.read().strip()}={v.read().strip()}"
    except OSError as exc:
        return f"error: {exc.strerror}"


def load_gateway_id(conf_path):
    with open(conf_path) as fh:
        conf = json.load(fh)
    return conf.get("gateway_conf", {}).get("gateway_ID", "").lower()


def lns_last_seen(api, gateway_id, token, timeout=10):
    req = urllib.request.Request(f"{api.rstrip('/')}/api/gateways/{gateway_id}",
                                 headers={"Grpc-Metadata-Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            data = json.load(resp)
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("LNS query failed: %s", exc)
        return ""
    return data.get("lastSeenAt") or data.get("gateway", {}).get("lastSeenAt", "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--conf", default="global_conf.json")
    ap.add_argument("--lns", default=os.environ.get("LNS_API", ""), help="ChirpStack API base URL")
    ap.add_argument("--out", default="status.json")
    ap.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    st = Status()
    model, pins = detect_board()
    if pins is None:
        log.error("unsupported board %r", model)
        return 2
    st.board = f"{pins.name} ({model})"
    st.spi_present = os.path.exists(pins.spi_dev)
    st.reset_line = gpio_state(pins.reset)
    st.power_line = gpio_state(pins.power)

    try:
        st.gateway_id = load_gateway_id(args.conf)
    except (OSError, ValueError) as exc:
        log.warning("cannot read %s: %s", args.conf, exc)

    token = os.environ.get("LNS_API_TOKEN", "")
    if args.lns and st.gateway_id and token:
        st.lns_last_seen = lns_last_seen(args.lns, st.gateway_id, token)

    with open(args.out, "w") as fh:
        json.dump(asdict(st), fh, indent=2)

    if args.json:
        print(json.dumps(asdict(st), indent=2))
    else:
        for k, v in asdict(st).items():
            print(f"{k:14} {v}")
    return 0 if st.spi_present else 1


if __name__ == "__main__":
    sys.exit(main())
