#!/usr/bin/env python3
"""Serves the inventory API. Configuration comes from the environment so the
same entry point works in containers and on developer machines."""
import logging
import os

import uvicorn
from fastapi import FastAPI

log = logging.getLogger("inventory-api")
app = FastAPI(title="inventory")

ITEMS = {"1": {"name": "router"}, "2": {"name": "switch"}}


@app.get("/items/{item_id}")
def read_item(item_id: str):
    return ITEMS.get(item_id, {})


def server_config() -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=os.environ.get("API_HOST", "0.0.0.0"),
        port=int(os.environ.get("API_PORT", "8080")),
        log_level="info",
    )


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    server = uvicorn.Server(server_config())
    server.run()
