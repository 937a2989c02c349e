#!/usr/bin/env python3
"""Upload a survey mission described in YAML to an ArduPilot/PX4 vehicle.

Mission files may pull shared fragments (geofence, home, rally points) with
an ``!include other.yaml`` tag, and use anchors for repeated camera actions:

    home: !include sites/north_field.yaml
    defaults: &wp {alt: 40, hold: 0}
    waypoints:
      - {<<: *wp, lat: 52.2031, lon: 0.1180}
      - {<<: *wp, lat: 52.2036, lon: 0.1191, alt: 55}

The mission is sent with the MISSION_COUNT / MISSION_ITEM_INT handshake.
"""
import argparse
import logging
import os
import sys
import time

import yaml
from pymavlink import mavutil

LOG = logging.getLogger("mission_upload")


class MissionLoader(yaml.Loader):
    """YAML loader that resolves !include relative to the including file."""

    def __init__(self, stream):
        self._root = os.path.dirname(getattr(stream, "name", ".")) or "."
        super().__init__(stream)


def _include(loader, node):
    rel = loader.construct_scalar(node)
    path = os.path.join(loader._root, rel)
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.load(fh, MissionLoader)


MissionLoader.add_constructor("!include", _include)


def load_mission(path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=MissionLoader)
    if not isinstance(doc, dict) or "waypoints" not in doc:
        raise ValueError(f"{path}: no 'waypoints' list")
    return doc


def to_items(doc, target_sys, target_comp):
    frame = mavutil.mavlink.MAV_FRAME_GLOBAL_RELATIVE_ALT_INT
    items = []
    home = doc.get("home", {})
    items.append((mavutil.mavlink.MAV_CMD_NAV_WAYPOINT, home.get("lat", 0), home.get("lon", 0), 0, 0))
    if doc.get("takeoff_alt"):
        items.append((mavutil.mavlink.MAV_CMD_NAV_TAKEOFF, 0, 0, doc["takeoff_alt"], 0))
    for wp in doc["waypoints"]:
        items.append((mavutil.mavlink.MAV_CMD_NAV_WAYPOINT, wp["lat"], wp["lon"],
                      wp.get("alt", 30), wp.get("hold", 0)))
    if doc.get("rtl", True):
        items.append((mavutil.mavlink.MAV_CMD_NAV_RETURN_TO_LAUNCH, 0, 0, 0, 0))

    msgs = []
    for seq, (cmd, lat, lon, alt, hold) in enumerate(items):
        msgs.append(mavutil.mavlink.MAVLink_mission_item_int_message(
            target_sys, target_comp, seq, frame, cmd, 0, 1,
            hold, 0, 0, 0, int(lat * 1e7), int(lon * 1e7), float(alt),
            mavutil.mavlink.MAV_MISSION_TYPE_MISSION))
    return msgs


def upload(master, msgs, timeout=5.0, retries=3):
    master.mav.mission_count_send(master.target_system, master.target_component, len(msgs),
                                  mavutil.mavlink.MAV_MISSION_TYPE_MISSION)
    sent = set()
    deadline = time.time() + timeout
    while True:
        req = master.recv_match(type=["MISSION_REQUEST_INT", "MISSION_REQUEST", "MISSION_ACK"],
                                blocking=True, timeout=1)
        if req is None:
            if time.time() > deadline:
                if retries <= 0:
                    raise TimeoutError("vehicle stopped requesting items")
                retries -= 1
                LOG.warning("timeout, retrying count")
                return upload(master, msgs, timeout, retries)
            continue
        if req.get_type() == "MISSION_ACK":
            if req.type != mavutil.mavlink.MAV_MISSION_ACCEPTED:
                raise RuntimeError(f"mission rejected (type {req.type})")
            return len(sent)
        master.mav.send(msgs[req.seq])
        sent.add(req.seq)
        deadline = time.time() + timeout
        LOG.debug("sent item %d/%d", req.seq + 1, len(msgs))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mission", help="mission YAML file")
    ap.add_argument("--connect", default=os.environ.get("MAVLINK_URL", "udpin:127.0.0.1:14551"))
    ap.add_argument("--check", action="store_true", help="parse and print, do not upload")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        doc = load_mission(args.mission)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("%s: %d waypoints", args.mission, len(doc["waypoints"]))
    if args.check:
        for i, wp in enumerate(doc["waypoints"]):
            print(f"{i:3d} {wp['lat']:.6f} {wp['lon']:.6f} alt={wp.get('alt', 30)}")
        return 0

    master = mavutil.mavlink_connection(args.connect)
    master.wait_heartbeat(timeout=20)
    msgs = to_items(doc, master.target_system, master.target_component)
    try:
        n = upload(master, msgs)
    except (TimeoutError, RuntimeError) as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("uploaded %d mission items", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
