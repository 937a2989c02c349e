#!/usr/bin/env bash
# watchfolder_inotify_tune.sh - the intake watcher that picks up new scans
# from the per-clerk drop folders runs out of inotify watches once the
# folder tree grows. Count the directories, work out what is needed and
# raise the kernel limits for the running system.
set -euo pipefail

WATCH_ROOT="${WATCH_ROOT:-/srv/intake}"
HEADROOM="${HEADROOM:-2.0}"
MIN_WATCHES=65536
MIN_INSTANCES=256
APPLY=1

log() { echo "[inotify-tune] $*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [--root DIR] [--headroom FACTOR] [--check]
  --check   only report what would change
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --root) WATCH_ROOT="$2"; shift 2 ;;
        --headroom) HEADROOM="$2"; shift 2 ;;
        --check) APPLY=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$WATCH_ROOT" ]] || { log "watch root $WATCH_ROOT does not exist"; exit 1; }

# Count directories (each needs one watch) and clerk folders (each watcher
# process needs an instance) with Python; the tree has odd file names.
read -r DIRS CLERKS < <(WATCH_ROOT="$WATCH_ROOT" python3 - <<'PY'
import os
root = os.environ["WATCH_ROOT"]
dirs = 0
for _dirpath, dirnames, _files in os.walk(root, onerror=lambda e: None):
    dirs += 1
clerks = sum(1 for e in os.scandir(root) if e.is_dir())
print(dirs, clerks)
PY
)

needed() {
    NEED_BASE="$1" NEED_FACTOR="$HEADROOM" NEED_MIN="$2" python3 -c '
import math, os
base = int(os.environ["NEED_BASE"])
factor = float(os.environ["NEED_FACTOR"])
floor = int(os.environ["NEED_MIN"])
print(max(floor, int(math.ceil(base * factor / 1024.0)) * 1024))
'
}

current_watches="$(sysctl -n fs.inotify.max_user_watches)"
current_instances="$(sysctl -n fs.inotify.max_user_instances)"
want_watches="$(needed "$DIRS" "$MIN_WATCHES")"
want_instances="$(needed "$CLERKS" "$MIN_INSTANCES")"

log "directories: $DIRS, clerk folders: $CLERKS"
log "max_user_watches:    current $current_watches, wanted $want_watches"
log "max_user_instances:  current $current_instances, wanted $want_instances"

changes=0
apply_setting() {
    local key="$1" current="$2" wanted="$3"
    if (( wanted <= current )); then
        log "$key already sufficient"
        return 0
    fi
    if [[ "$APPLY" -eq 0 ]]; then
        log "would set $key=$wanted"
        return 0
    fi
    if sysctl -w "$key=$wanted" >/dev/null; then
        log "set $key=$wanted"
        changes=$((changes + 1))
    else
        log "failed to set $key (are you root?)"
        return 1
    fi
}

apply_setting fs.inotify.max_user_watches "$current_watches" "$want_watches"
apply_setting fs.inotify.max_user_instances "$current_instances" "$want_instances"

log "$changes setting(s) changed; restart the intake watcher to pick them up"
