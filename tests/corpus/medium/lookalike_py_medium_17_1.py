from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import requests
r = requests.get("https://example.com/data.csv")
open("data.csv", "wb").write(r.content)
