import shutil
import tempfile
from pathlib import Path


def work():
    tmp = Path(tempfile.mkdtemp(prefix="job-"))
    try:
        (tmp / "out.txt").write_text("result\n")
        return (tmp / "out.txt").read_text()
    finally:
        shutil.rmtree(tmp)


print(work())
