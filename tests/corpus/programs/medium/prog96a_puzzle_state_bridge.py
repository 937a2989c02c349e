#!/usr/bin/env python3
"""Puzzle state bridge between the room props and the game engine.

Props (keypads, RFID altars, laser grids, ...) publish their solved/unsolved
state over MQTT. The bridge keeps the authoritative puzzle graph for the room,
unlocks follow-on puzzles when their prerequisites are solved, and survives a
restart mid-game by checkpointing the game state to disk. A small status
endpoint lets the game-master tablet poll the room without an MQTT client.

Usage:
    puzzle_state_bridge.py --room room.yaml [--state-dir state/] [--status-port 8088]
"""

import argparse
import json
import logging
import pickle
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import paho.mqtt.client as mqtt
import yaml

log = logging.getLogger("puzzle_bridge")


class GameState:
    def __init__(self, room):
        self.room = room
        self.solved = set()
        self.started_at = None
        self.events = []

    def unlocked(self):
        out = []
        for name, spec in self.room["puzzles"].items():
            if name in self.solved:
                continue
            if all(dep in self.solved for dep in spec.get("requires", [])):
                out.append(name)
        return out

    def mark(self, puzzle, solved):
        if solved:
            self.solved.add(puzzle)
        else:
            self.solved.discard(puzzle)
        self.events.append((time.time(), puzzle, solved))
        if self.started_at is None:
            self.started_at = time.time()

    def summary(self):
        return {
            "room": self.room["name"],
            "solved": sorted(self.solved),
            "available": self.unlocked(),
            "elapsed": int(time.time() - self.started_at) if self.started_at else 0,
            "complete": set(self.room["puzzles"]) <= self.solved,
        }


class Checkpoint:
    def __init__(self, state_dir, room_name):
        self.path = Path(state_dir) / f"{room_name}.ckpt"
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def load(self):
        if not self.path.exists():
            return None
        with open(self.path, "rb") as fh:
            return pickle.load(fh)

    def save(self, state):
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            pickle.dump(state, fh)
        tmp.replace(self.path)

    def clear(self):
        self.path.unlink(missing_ok=True)


def load_room(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def status_server(port, state_ref):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps(state_ref["state"].summary()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug("status %s", fmt % args)

    srv = ThreadingHTTPServer(("0.0.0.0", port), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True, name="status").start()
    log.info("status endpoint on port %d", port)
    return srv


def main(argv=None):
    ap = argparse.ArgumentParser(description="Room puzzle state bridge")
    ap.add_argument("--room", default="room.yaml")
    ap.add_argument("--state-dir", default="state")
    ap.add_argument("--status-port", type=int, default=8088)
    ap.add_argument("--fresh", action="store_true", help="ignore any checkpoint and start a new game")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    room = load_room(args.room)
    ckpt = Checkpoint(args.state_dir, room["name"])
    if args.fresh:
        ckpt.clear()
    state = ckpt.load() or GameState(room)
    state.room = room
    ref = {"state": state}
    status_server(args.status_port, ref)

    topic_base = f"rooms/{room['name']}"

    def on_connect(client, userdata, flags, rc, *extra):
        client.subscribe(f"{topic_base}/props/+/solved")
        client.subscribe(f"{topic_base}/gm/reset")
        log.info("bridge online for %s (%d solved)", room["name"], len(state.solved))

    def on_message(client, userdata, msg):
        parts = msg.topic.split("/")
        if parts[-1] == "reset":
            ckpt.clear()
            ref["state"] = GameState(room)
            log.info("game reset by GM")
        else:
            puzzle = parts[-2]
            if puzzle not in room["puzzles"]:
                log.warning("unknown puzzle %s", puzzle)
                return
            ref["state"].mark(puzzle, msg.payload.strip() in (b"1", b"true"))
            ckpt.save(ref["state"])
        for name in ref["state"].unlocked():
            client.publish(f"{topic_base}/props/{name}/enable", "1", retain=True)
        client.publish(f"{topic_base}/summary", json.dumps(ref["state"].summary()), retain=True)

    client = mqtt.Client(client_id=f"bridge-{room['name']}")
    client.on_connect = on_connect
    client.on_message = on_message
    client.connect(room.get("broker", "localhost"), room.get("broker_port", 1883), keepalive=30)
    client.loop_forever(retry_first_connection=True)


if __name__ == "__main__":
    main()
