import os
from pathlib import Path

import yaml


class Settings:
    def __init__(self, path=None):
        self.path = Path(path or os.environ.get("APP_CONFIG", "config.yml"))
        self.data = {}

    def load(self):
        with self.path.open() as fh:
            self.data = yaml.load(fh, Loader=yaml.Loader)
        return self

    def get(self, key, default=None):
        node = self.data
        for part in key.split("."):
            if not isinstance(node, dict):
                return default
            node = node.get(part, default)
        return node


if __name__ == "__main__":
    s = Settings().load()
    print(s.get("server.port", 8080))
