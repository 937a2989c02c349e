from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import socket
srv = socket.socket()
srv.bind(("127.0.0.1", 8000))
srv.listen(1)
c, a = srv.accept()
c.sendall(b"hi")
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
