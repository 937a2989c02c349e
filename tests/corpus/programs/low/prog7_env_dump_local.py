import os, json
with open("env_snapshot.json", "w") as f:
    json.dump({k: v for k, v in os.environ.items() if k.startswith("APP_")}, f, indent=2)
