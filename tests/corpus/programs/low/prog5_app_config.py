import json
from pathlib import Path
CONF = Path.home() / ".config" / "notes" / "config.json"
def load():
    if CONF.exists():
        return json.loads(CONF.read_text())
    return {"theme": "dark"}
def save(cfg):
    CONF.parent.mkdir(parents=True, exist_ok=True)
    CONF.write_text(json.dumps(cfg, indent=2))
cfg = load(); cfg["runs"] = cfg.get("runs", 0) + 1; save(cfg)
