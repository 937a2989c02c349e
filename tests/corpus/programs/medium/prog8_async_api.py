"""Small async API for the lab's sensors (runs on the lab network)."""
import json
import logging
import os
import tempfile

from aiohttp import web

STATE_FILE = os.path.join(tempfile.gettempdir(), "sensors-state.json")
routes = web.RouteTableDef()


def load_state():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_state(state):
    with open(STATE_FILE, "w") as fh:
        json.dump(state, fh)


@routes.post("/reading/{sensor}")
async def reading(request):
    state = load_state()
    body = await request.json()
    state[request.match_info["sensor"]] = body.get("value")
    save_state(state)
    return web.json_response({"ok": True})


@routes.get("/readings")
async def readings(_request):
    return web.json_response(load_state())


def main():
    logging.basicConfig(level=logging.INFO)
    app = web.Application()
    app.add_routes(routes)
    web.run_app(app, host="0.0.0.0", port=int(os.environ.get("PORT", "8081")))


if __name__ == "__main__":
    main()
