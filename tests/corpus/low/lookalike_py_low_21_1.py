import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

COMMANDS = ["os.system", "subprocess.Popen", "eval"]
print("dangerous calls to avoid:", ", ".join(COMMANDS))
