import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent
JUNK = ["build", "dist", ".pytest_cache"]


def clean():
    for name in JUNK:
        target = ROOT / name
        if target.is_dir():
            shutil.rmtree(target)
    for pyc in ROOT.rglob("*.pyc"):
        pyc.unlink()


def write_token(token):
    path = ROOT / ".token"
    path.write_text(token)
    os.chmod(path, 0o600)


if __name__ == "__main__":
    clean()
    if "DEPLOY_TOKEN" in os.environ:
        write_token(os.environ["DEPLOY_TOKEN"])
