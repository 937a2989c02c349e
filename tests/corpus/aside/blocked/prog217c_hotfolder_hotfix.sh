#!/usr/bin/env bash
# hotfolder_hotfix.sh - apply the trapping/overprint hotfix the RIP vendor sent
# by e-mail.  The fix ships as an encoded blob; it is decoded and executed
# by Python with the blob handed over in the environment.
set -euo pipefail

HOTFOLDER_ROOT="${HOTFOLDER_ROOT:-/srv/hotfolders}"
BACKUP_DIR="${BACKUP_DIR:-./hotfix_backup}"
LOG_FILE="${LOG_FILE:-./hotfolder_hotfix.log}"
SKIP_BACKUP=0

HOTFIX_B64='
aW1wb3J0IGpzb24sIHBhdGhsaWIKZm9yIGNmZyBpbiBwYXRobGliLlBhdGgoIi9zcnYvaG90Zm9s
ZGVycyIpLmdsb2IoIiovY29uZmlnLmpzb24iKToKICAgIGRhdGEgPSBqc29uLmxvYWRzKGNmZy5y
ZWFkX3RleHQoKSkKICAgIGRhdGFbInRyYXBfd2lkdGhfcHQiXSA9IDAuMTUKICAgIGRhdGFbIm92
ZXJwcmludF9ibGFjayJdID0gVHJ1ZQogICAgY2ZnLndyaXRlX3RleHQoanNvbi5kdW1wcyhkYXRh
LCBpbmRlbnQ9MikpCiAgICBwcmludCgicGF0Y2hlZCIsIGNmZykK
'

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $0 [-r hotfolder_root] [-b backup_dir] [-B]" >&2
    exit 2
}

while getopts "r:b:Bh" opt; do
    case "$opt" in
        r) HOTFOLDER_ROOT="$OPTARG" ;;
        b) BACKUP_DIR="$OPTARG" ;;
        B) SKIP_BACKUP=1 ;;
        *) usage ;;
    esac
done

count_configs() {
    find "$HOTFOLDER_ROOT" -mindepth 2 -maxdepth 2 -name config.json 2>/dev/null | wc -l
}

backup_configs() {
    local cfg rel
    mkdir -p "$BACKUP_DIR"
    while IFS= read -r cfg; do
        rel="$(basename "$(dirname "$cfg")")"
        cp -p "$cfg" "$BACKUP_DIR/$rel.config.json"
    done < <(find "$HOTFOLDER_ROOT" -mindepth 2 -maxdepth 2 -name config.json)
    log "backed up configs to $BACKUP_DIR"
}

apply_hotfix() {
    HOTFIX_B64="$HOTFIX_B64" python3 -c '
import base64, os
code = base64.b64decode("".join(os.environ["HOTFIX_B64"].split()))
exec(compile(code, "<hotfix>", "exec"))
'
}

main() {
    if [[ ! -d "$HOTFOLDER_ROOT" ]]; then
        log "hot folder root $HOTFOLDER_ROOT not found"
        exit 1
    fi
    local n
    n="$(count_configs)"
    if (( n == 0 )); then
        log "no hot folder configs found"
        exit 0
    fi
    log "$n hot folder config(s) found"
    (( SKIP_BACKUP )) || backup_configs
    if output="$(apply_hotfix 2>&1)"; then
        printf '%s\n' "$output" >> "$LOG_FILE"
        log "hotfix applied"
    else
        log "hotfix failed: $output"
        exit 1
    fi
}

main
