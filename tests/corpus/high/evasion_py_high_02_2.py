from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

import subprocess as sp
cmd = "su" + "do"
sp.run([cmd, "apt-get", "install", "-y", "vim"])
