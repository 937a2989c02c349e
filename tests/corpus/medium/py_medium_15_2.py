#!/usr/bin/env python3

import importlib
name = input()
mod = importlib.import_module(name)
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
