def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import socket
s = socket.socket()
s.connect(("example.com", 80))
s.sendall(b"GET / HTTP/1.0\r\n\r\n")
print(s.recv(100))
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
