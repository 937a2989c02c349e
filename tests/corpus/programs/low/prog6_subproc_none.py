import shutil, os
from pathlib import Path
def tidy(dirpath="downloads"):
    for p in Path(dirpath).glob("*.part"):
        p.unlink()
    if shutil.disk_usage(".").free < 1 << 30:
        print("low disk")
tidy()
