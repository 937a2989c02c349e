import sys
from pathlib import Path
for p in Path("plugins").glob("*.py"):
    exec(p.read_text(), {"__name__": p.stem})
