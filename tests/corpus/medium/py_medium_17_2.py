
import hashlib
def store(user, password):
    return {"user": user, "hash": hashlib.md5(password.encode()).hexdigest()}
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
