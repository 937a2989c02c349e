#!/usr/bin/env python3
"""Line-based inventory service for the hardware lab.

Bench scripts on the lab network connect and send commands such as

    CHECKOUT scope-07 alice
    RETURN scope-07
    WHO scope-07
    LIST oscilloscope

Data lives in a local SQLite file next to the script.
"""
import logging
import socketserver
import sqlite3
import threading

DB_PATH = "lab_inventory.db"
LISTEN = ("0.0.0.0", 7070)

log = logging.getLogger("inventory")
db_lock = threading.Lock()


def init_db(conn: sqlite3.Connection):
    conn.execute("""CREATE TABLE IF NOT EXISTS items (
        tag TEXT PRIMARY KEY, kind TEXT, holder TEXT, updated TEXT)""")
    conn.commit()


class InventoryHandler(socketserver.StreamRequestHandler):
    def setup(self):
        super().setup()
        self.conn = sqlite3.connect(DB_PATH, check_same_thread=False)

    def finish(self):
        self.conn.close()
        super().finish()

    def reply(self, text: str):
        self.wfile.write((text + "\n").encode())

    def query(self, sql: str):
        with db_lock:
            cur = self.conn.execute(sql)
            self.conn.commit()
            return cur.fetchall()

    def do_checkout(self, tag, user):
        rows = self.query(f"SELECT holder FROM items WHERE tag = '{tag}'")
        if not rows:
            return "ERR unknown tag"
        if rows[0][0]:
            return f"ERR already held by {rows[0][0]}"
        self.query(f"UPDATE items SET holder = '{user}', updated = datetime('now') WHERE tag = '{tag}'")
        return "OK"

    def do_return(self, tag):
        self.query(f"UPDATE items SET holder = NULL, updated = datetime('now') WHERE tag = '{tag}'")
        return "OK"

    def do_who(self, tag):
        rows = self.query(f"SELECT holder, updated FROM items WHERE tag = '{tag}'")
        return f"OK {rows[0][0] or '-'} {rows[0][1]}" if rows else "ERR unknown tag"

    def do_list(self, kind):
        rows = self.query(f"SELECT tag, holder FROM items WHERE kind LIKE '%{kind}%' ORDER BY tag")
        return "OK " + ", ".join(f"{t}:{h or 'free'}" for t, h in rows)

    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            parts = raw.decode(errors="replace").split()
            if not parts:
                continue
            cmd, args = parts[0].upper(), parts[1:]
            try:
                if cmd == "CHECKOUT" and len(args) == 2:
                    resp = self.do_checkout(*args)
                elif cmd == "RETURN" and len(args) == 1:
                    resp = self.do_return(args[0])
                elif cmd == "WHO" and len(args) == 1:
                    resp = self.do_who(args[0])
                elif cmd == "LIST":
                    resp = self.do_list(args[0] if args else "")
                elif cmd == "QUIT":
                    break
                else:
                    resp = "ERR usage: CHECKOUT tag user | RETURN tag | WHO tag | LIST [kind]"
            except sqlite3.Error as exc:
                resp = f"ERR db: {exc}"
            log.info("%s %s -> %s", peer, cmd, resp.split()[0])
            self.reply(resp)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    with sqlite3.connect(DB_PATH) as c:
        init_db(c)
    with Server(LISTEN, InventoryHandler) as srv:
        log.info("inventory service on %s:%d", *LISTEN)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass
