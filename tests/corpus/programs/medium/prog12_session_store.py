"""Tiny session store for the admin dashboard (single process)."""
import logging
import shelve
import time
from typing import Any, Dict, Optional

log = logging.getLogger("sessions")

DB_PATH = "sessions.db"


class SessionStore:
    def __init__(self, path: str = DB_PATH, ttl: int = 3600):
        self.path = path
        self.ttl = ttl

    def get(self, sid: str) -> Optional[Dict[str, Any]]:
        with shelve.open(self.path) as db:
            record = db.get(sid)
        if record is None or record["expires"] < time.time():
            return None
        return record["data"]

    def put(self, sid: str, data: Dict[str, Any]) -> None:
        with shelve.open(self.path) as db:
            db[sid] = {"data": data, "expires": time.time() + self.ttl}

    def purge(self) -> int:
        removed = 0
        with shelve.open(self.path) as db:
            for sid in list(db.keys()):
                if db[sid]["expires"] < time.time():
                    del db[sid]
                    removed += 1
        return removed


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    store = SessionStore()
    store.put("abc", {"user": "admin"})
    print(store.get("abc"))
    print("purged", store.purge())
