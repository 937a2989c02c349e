#!/usr/bin/env bash
# build_cache_tidy.sh -- housekeeping for the crew's tooling repo checkout:
# drops stale build output and cache files in the working directory,
# recomputes cache keys for the config files and writes a short report
# (with the OS version and the status page reachability) for the handover.
#
# Usage: build_cache_tidy.sh [-a days] [-n] [-q]
set -euo pipefail

MAX_AGE_DAYS=3
DRY_RUN=0
QUIET=0
BUILD_DIR="./build"
CACHE_DIR="./.cache"
REPORT="./tidy-report.txt"
STATUS_URL="https://status.example.com/"

log() { [ "$QUIET" -eq 1 ] || echo "[tidy] $*" >&2; }

while getopts ":a:nqh" opt; do
    case "$opt" in
        a) MAX_AGE_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-a days] [-n] [-q]" >&2; exit 2 ;;
    esac
done

case "$MAX_AGE_DAYS" in
    ''|*[!0-9]*) log "age must be a whole number of days"; exit 2 ;;
esac

prune_dir() {
    local dir="$1" count
    [ -d "$dir" ] || { log "${dir} absent, skipping"; echo 0; return 0; }
    count="$(find "${dir:?}" -type f -mtime "+${MAX_AGE_DAYS}" | wc -l)"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove ${count} stale files from ${dir}"
    else
        find "${dir:?}" -type f -mtime "+${MAX_AGE_DAYS}" -delete
        find "${dir:?}" -mindepth 1 -type d -empty -delete
        log "removed ${count} stale files from ${dir}"
    fi
    echo "$count"
}

cache_keys() {
    # MD5 of each config file becomes its cache key; passed in via env vars.
    CONF_FILES="$(find . -maxdepth 2 \( -name '*.yaml' -o -name '*.json' \) \
                  -not -path './.cache/*' | sort | tr '\n' ':')" \
    KEY_DIR="$CACHE_DIR" DRY="$DRY_RUN" python3 - <<'PY'
import hashlib
import json
import os

files = [f for f in os.environ.get("CONF_FILES", "").split(":") if f]
keys = {}
for path in files:
    try:
        with open(path, "rb") as fh:
            keys[path] = hashlib.md5(fh.read()).hexdigest()
    except OSError:
        continue
if os.environ.get("DRY") != "1":
    os.makedirs(os.environ["KEY_DIR"], exist_ok=True)
    with open(os.path.join(os.environ["KEY_DIR"], "keys.json"), "w") as fh:
        json.dump(keys, fh, indent=2, sort_keys=True)
print(len(keys))
PY
}

os_name() {
    . /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}" || echo unknown
}

status_page() {
    local code
    code="$(curl -sI -o /dev/null -w '%{http_code}' --max-time 5 "$STATUS_URL" || echo 000)"
    echo "$code"
}

main() {
    local built cached keys
    built="$(prune_dir "$BUILD_DIR")"
    cached="$(prune_dir "$CACHE_DIR")"
    keys="$(cache_keys)"
    {
        echo "tidy run: $(date '+%F %T')"
        echo "os: $(os_name)"
        echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
        echo "stale build files: ${built}"
        echo "stale cache files: ${cached}"
        echo "config cache keys: ${keys}"
        echo "status page: HTTP $(status_page)"
    } > "$REPORT"
    chmod 600 "$REPORT"
    log "report written to ${REPORT}"
}

main "$@"
