import os, json
from pathlib import Path
p = Path("credentials.json")
p.write_text(json.dumps({"user": "me"}))
os.chmod(p, 0o600)
