#!/usr/bin/env bash
# Clean and rebuild helper for the booking-site front-end repository.
# Removes this project's own build output and caches, and re-creates the
# dependency cache only when the lock file has changed (MD5 cache key).
set -euo pipefail

PROJECT_ROOT="$(pwd)"
CLEAN_DIRS=("build" "dist" ".cache" "node_modules/.cache" "__pycache__" ".pytest_cache")
CLEAN_GLOBS=("*.pyc" "*.log.old" "coverage.xml")
LOCK_FILE="package-lock.json"
KEY_FILE=".cache-key"
DEEP=0
VERBOSE=0

say() { (( VERBOSE )) && echo "[clean] $*" || true; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --deep) DEEP=1 ;;
        -v|--verbose) VERBOSE=1 ;;
        -h|--help) echo "usage: $0 [--deep] [-v]"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

guard_root() {
    # refuse to run anywhere but a checkout of this project
    if [[ ! -f "$PROJECT_ROOT/package.json" || ! -d "$PROJECT_ROOT/src" ]]; then
        echo "not in the booking-site project root ($PROJECT_ROOT)" >&2
        exit 1
    fi
}

env_banner() {
    local os="unknown" cpus
    if [[ -r /etc/os-release ]]; then
        os="$(. /etc/os-release && echo "${PRETTY_NAME:-$ID}")"
    fi
    cpus="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
    echo "build host: $os, $cpus cpu(s)"
}

remove_dirs() {
    local d
    for d in "${CLEAN_DIRS[@]}"; do
        local target="$PROJECT_ROOT/$d"
        case "$target" in
            "$PROJECT_ROOT"/?*) ;;
            *) echo "refusing odd path $target" >&2; continue ;;
        esac
        if [[ -e "$target" ]]; then
            rm -rf -- "$target"
            say "removed $d"
        fi
    done
}

remove_globs() {
    local g
    for g in "${CLEAN_GLOBS[@]}"; do
        find "$PROJECT_ROOT" -path "$PROJECT_ROOT/node_modules" -prune -o -type f -name "$g" -print -delete \
            | while read -r f; do say "deleted ${f#$PROJECT_ROOT/}"; done
    done
}

lock_key() {
    [[ -f "$LOCK_FILE" ]] || { echo "none"; return; }
    md5sum "$LOCK_FILE" | cut -d' ' -f1
}

refresh_deps() {
    local new old=""
    new="$(lock_key)"
    [[ -f "$KEY_FILE" ]] && old="$(cat "$KEY_FILE")"
    if (( DEEP )) || [[ "$new" != "$old" ]]; then
        echo "dependency cache stale (key $new), reinstalling"
        rm -rf -- "$PROJECT_ROOT/node_modules"
        npm ci --no-audit --no-fund
        echo "$new" > "$KEY_FILE"
        chmod 0600 "$KEY_FILE"
    else
        say "dependency cache current ($new)"
    fi
}

main() {
    guard_root
    env_banner
    remove_dirs
    remove_globs
    refresh_deps
    npm run build
    echo "clean build finished in $PROJECT_ROOT/build"
}

main
