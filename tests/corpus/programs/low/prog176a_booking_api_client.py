#!/usr/bin/env python3
"""Front-desk client for the booking platform API.

Shows today's sessions with remaining capacity and lets staff place walk-in
bookings. The API key comes from the environment and is only sent to the
booking platform.
"""
import argparse
import asyncio
import datetime as dt
import json
import logging
import os
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Dict

log = logging.getLogger("booking_client")


@dataclass
class Api:
    base: str = os.environ.get("BOOKING_API", "https://api.booking.example.com/v2")
    key: str = field(default_factory=lambda: os.environ.get("BOOKING_API_KEY", ""))
    timeout: float = 15.0

    def _headers(self) -> dict:
        return {"Authorization": f"Bearer {self.key}", "Accept": "application/json"}

    def get(self, route: str, **params):
        url = f"{self.base}{route}?{urllib.parse.urlencode(params)}"
        req = urllib.request.Request(url, headers=self._headers())
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def post(self, route: str, body: dict):
        headers = {**self._headers(), "Content-Type": "application/json"}
        req = urllib.request.Request(f"{self.base}{route}", data=json.dumps(body).encode(),
                                     headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def gym_id() -> str:
    return os.environ.get("BOOKING_GYM_ID", "crux-main")


async def sessions(api: Api, args) -> int:
    day = args.date or dt.date.today().isoformat()
    data = await asyncio.to_thread(api.get, f"/gyms/{gym_id()}/sessions", date=day)
    for s in data.get("sessions", []):
        left = s["capacity"] - s["booked"]
        flag = "FULL" if left <= 0 else f"{left:3d} left"
        print(f"{s['start'][11:16]}  {s['title']:32} {flag}")
    return 0


async def walk_in(api: Api, args) -> int:
    body = {
        "session_id": args.session,
        "member_id": args.member,
        "party_size": args.party,
        "source": "front-desk",
    }
    res = await asyncio.to_thread(api.post, f"/gyms/{gym_id()}/bookings", body)
    print(f"booked: {res.get('booking_ref', '?')}")
    return 0


async def health(api: Api, _args) -> int:
    res = await asyncio.to_thread(api.get, "/health")
    print(res.get("status", "unknown"))
    return 0


COMMANDS: Dict[str, Callable] = {"sessions": sessions, "walk-in": walk_in, "health": health}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--date")
    ap.add_argument("--session")
    ap.add_argument("--member")
    ap.add_argument("--party", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api = Api()
    if not api.key:
        log.error("BOOKING_API_KEY is not set")
        return 2
    if args.command == "walk-in" and not (args.session and args.member):
        log.error("walk-in needs --session and --member")
        return 2
    return asyncio.run(COMMANDS[args.command](api, args))


if __name__ == "__main__":
    raise SystemExit(main())
