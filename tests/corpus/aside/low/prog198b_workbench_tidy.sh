#!/usr/bin/env bash
# Workbench tidy: clears the build and cache leftovers of the guild's
# drafting tools from the current checkout and tightens the permissions on
# the local settings file. Run from the checkout root.
set -euo pipefail

ROOT="$(pwd)"
SETTINGS_FILE="${SETTINGS_FILE:-guild-tools.ini}"
KEEP_DAYS="${KEEP_DAYS:-7}"
VERBOSE=0

# Leftovers to clear, relative to the checkout root.
CLEAR_DIRS=(build dist .cache .pytest_cache)
CLEAR_GLOBS=("*.pyc" "*.o" "*.tmp")

say() { [ "$VERBOSE" -eq 1 ] && echo "[tidy] $*"; return 0; }

usage() {
    echo "usage: $0 [-v] [-k days]"
    echo "  -k  keep render logs newer than this many days (default $KEEP_DAYS)"
}

while getopts ":vk:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ ! -f "$ROOT/$SETTINGS_FILE" ] && [ ! -d "$ROOT/.git" ]; then
    echo "not a guild tools checkout: $ROOT" >&2
    exit 1
fi

platform() {
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        echo "${PRETTY_NAME:-unknown}"
    else
        uname -s
    fi
}

clear_dirs() {
    local d
    for d in "${CLEAR_DIRS[@]}"; do
        if [ -d "$ROOT/$d" ]; then
            rm -rf -- "${ROOT:?}/$d"
            say "removed $d/"
        fi
    done
    find "$ROOT" -type d -name __pycache__ -prune -exec rm -rf -- {} +
}

clear_files() {
    local g
    for g in "${CLEAR_GLOBS[@]}"; do
        find "$ROOT" -type f -name "$g" -not -path "*/.git/*" -delete
    done
    if [ -d "$ROOT/renders/logs" ]; then
        find "$ROOT/renders/logs" -type f -name '*.log' -mtime +"$KEEP_DAYS" -delete
        say "pruned render logs older than $KEEP_DAYS days"
    fi
}

tighten_settings() {
    if [ -f "$ROOT/$SETTINGS_FILE" ]; then
        chmod 0600 "$ROOT/$SETTINGS_FILE"
        say "settings file set to 0600"
    fi
}

echo "tidying $ROOT on $(platform)"
clear_dirs
clear_files
tighten_settings
echo "done; $(du -sh "$ROOT" 2>/dev/null | cut -f1) in use"
