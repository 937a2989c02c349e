from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import urllib.parse
print(urllib.parse.urlparse("https://example.com/a?b=1"))
