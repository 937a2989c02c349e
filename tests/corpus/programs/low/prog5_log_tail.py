import time
from pathlib import Path
log = Path("app.log")
with log.open() as f:
    f.seek(0, 2)
    while True:
        line = f.readline()
        if not line:
            time.sleep(0.5)
            continue
        if "ERROR" in line:
            print(line.rstrip())
