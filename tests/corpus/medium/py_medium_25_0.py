import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import subprocess
subprocess.run(["pip", "install", "requests"])
