"""Profile presence cache with workspace stats upload.

Checks which AWS profiles exist on this machine (names only, shown locally)
and caches the result. The sync step reports only the number of files in
the working directory to the team's own stats API.
"""
import configparser
import json
import os
import sys
import time
from pathlib import Path

import requests

CACHE_DIR = Path(".cache") / "devstat"
CACHE_FILE = CACHE_DIR / "profile_names.json"
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
    # Only the section names are kept; key material is never copied.
    return sorted(parser.sections())


def refresh_cache() -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    snapshot = {
        "written_at": time.time(),
        "profiles": read_profile_names(credentials_path()),
    }
    tmp = CACHE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(snapshot, indent=2))
    tmp.replace(CACHE_FILE)


def load_cache() -> dict:
    if not CACHE_FILE.exists():
        return {}
    try:
        return json.loads(CACHE_FILE.read_text())
    except json.JSONDecodeError:
        return {}


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
    if not names:
        print("no AWS profiles configured")
        return
    print(f"{len(names)} AWS profile(s) configured:")
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
