"""Profile presence cache (pickle backend) with workspace stats upload.

Same job as the JSON variant: list which AWS profiles exist (names only,
printed locally) and upload the number of files in the working directory.
The cache is stored with pickle for speed.
"""
import configparser
import os
import pickle
import sys
import time
from pathlib import Path

import requests

CACHE_DIR = Path(".cache") / "devstat"
CACHE_FILE = CACHE_DIR / "profile_names.pkl"
STATS_URL = "https://stats.devstat.io/api/v1/workspace"
MAX_AGE = 6 * 3600


def credentials_path() -> Path:
    override = os.environ.get("AWS_SHARED_CREDENTIALS_FILE")
    if override:
        return Path(override).expanduser()
    return Path.home() / ".aws" / "credentials"


def read_profile_names(path: Path) -> list:
    parser = configparser.ConfigParser()
    if not path.exists():
        return []
    parser.read(path)
    return sorted(parser.sections())


def refresh_cache() -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    snapshot = {
        "written_at": time.time(),
        "profiles": read_profile_names(credentials_path()),
    }
    with open(CACHE_FILE, "wb") as handle:
        pickle.dump(snapshot, handle)


def load_cache() -> dict:
    if not CACHE_FILE.exists():
        return {}
    with open(CACHE_FILE, "rb") as handle:
        return pickle.load(handle)


def cache_is_stale(state: dict) -> bool:
    return (time.time() - state.get("written_at", 0)) > MAX_AGE


def count_workspace_files(root: Path) -> int:
    total = 0
    for _dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        total += len(filenames)
    return total


def report_profiles(state: dict) -> None:
    names = state.get("profiles", [])
    print(f"{len(names)} AWS profile(s) configured")
    for name in names:
        print(f"  - {name}")


def upload_stats(file_count: int) -> int:
    api_key = os.environ["DEVSTAT_API_KEY"]
    response = requests.post(
        STATS_URL,
        json={"files_in_workspace": file_count},
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=15,
    )
    return response.status_code


def main(argv) -> int:
    state = load_cache()
    if not state or cache_is_stale(state) or "--refresh" in argv:
        refresh_cache()
        state = load_cache()

    report_profiles(state)
    file_count = count_workspace_files(Path.cwd())
    status = upload_stats(file_count)
    print(f"uploaded file count {file_count}: HTTP {status}")
    return 0 if status < 400 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
