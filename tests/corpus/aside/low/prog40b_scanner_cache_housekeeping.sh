#!/usr/bin/env bash
# Housekeeping for the handheld-scanner sync workspace.
# Run from the project checkout: prunes our own build and cache output,
# rolls the sync logs we produced, and tightens permissions on the token
# file the sync tool writes.  Never touches anything outside $PWD.
set -euo pipefail

WORKDIR="$(pwd -P)"
KEEP_DAYS="${KEEP_DAYS:-7}"
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<USAGE
usage: $(basename "$0") [-n] [-v] [-k DAYS]
  -n        dry run, only print what would be removed
  -v        verbose
  -k DAYS   keep rolled logs for DAYS days (default $KEEP_DAYS)
USAGE
}

log() { printf '%s [housekeeping] %s\n' "$(date +%H:%M:%S)" "$*"; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

while getopts ":nvk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

cd "$WORKDIR"
if [ ! -f ./scanner-sync.toml ]; then
    log "no scanner-sync.toml here, refusing to clean $(pwd)" >&2
    exit 1
fi

# Platform banner for the log, read-only.
if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    vlog "host: ${PRETTY_NAME:-unknown}"
fi

remove_path() {
    local target="$1"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would remove $target"
    else
        rm -rf -- "$target"
        vlog "removed $target"
    fi
}

# 1. Build and cache directories produced by our own tooling.
for d in ./build ./dist ./.pytest_cache ./.cache/barcode-render; do
    [ -e "$d" ] && remove_path "$d"
done
find . -path ./.git -prune -o -type d -name '__pycache__' -print |
    while read -r pyc; do remove_path "$pyc"; done

# 2. Roll our own sync logs: compress yesterday's, drop old archives.
mkdir -p ./logs/archive
for f in ./logs/sync-*.log; do
    [ -e "$f" ] || continue
    if [ "$(find "$f" -mtime +0 -print)" ]; then
        if [ "$DRY_RUN" -eq 0 ]; then
            gzip -9 "$f" && mv -- "$f.gz" ./logs/archive/
        fi
        vlog "archived $f"
    fi
done
find ./logs/archive -name 'sync-*.log.gz' -mtime +"$KEEP_DAYS" -print |
    while read -r old; do remove_path "$old"; done

# 3. Tighten permissions on our own credential cache.
if [ -f ./state/device-token.json ]; then
    chmod 0600 ./state/device-token.json
    vlog "chmod 600 state/device-token.json"
fi

du -sh . 2>/dev/null | awk '{print "workspace size now " $1}'
log "done"
