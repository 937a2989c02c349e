#!/usr/bin/env python3
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import re
print(re.findall(r"\d+", "a1b22c333"))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
