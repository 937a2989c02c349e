import json
with open("/tmp/app_state.json", "w") as f:
    json.dump({"a": 1}, f)
