#!/usr/bin/env bash
# Tidies the working copy of the reed bed reporting project: clears build and
# cache output, compresses old CSV exports and refreshes the checksum list.
set -euo pipefail

KEEP_DAYS="${KEEP_DAYS:-30}"
EXPORT_DIR="./exports"
declare -a SCRATCH=(./build ./.cache ./__pycache__)
declare -A ACTIONS=(
    [clean]=do_clean
    [compress]=do_compress
    [checksums]=do_checksums
)
ORDER=(clean compress checksums)
VERBOSE=0

log() { (( VERBOSE )) && printf '[tidy] %s\n' "$*" >&2 || true; }

usage() {
    cat <<USAGE
Usage: $0 [-v] [-d days] [action ...]
Actions: ${ORDER[*]}
USAGE
}

do_clean() {
    local d
    for d in "${SCRATCH[@]}"; do
        if [[ -d "$d" ]]; then
            rm -rf -- "$d"
            log "removed $d"
        fi
    done
    find . -maxdepth 2 -name '*.pyc' -type f -delete
}

do_compress() {
    [[ -d "$EXPORT_DIR" ]] || { log "no $EXPORT_DIR yet"; return 0; }
    local n=0 f
    while IFS= read -r -d '' f; do
        gzip -9 -- "$f"
        n=$((n + 1))
    done < <(find "$EXPORT_DIR" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -print0)
    log "compressed $n exports older than $KEEP_DAYS days"
}

do_checksums() {
    [[ -d "$EXPORT_DIR" ]] || return 0
    local list="$EXPORT_DIR/SHA256SUMS"
    (
        cd "$EXPORT_DIR"
        find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 -r sha256sum
    ) >"$list"
    chmod 0600 "$list"
    log "checksums written to $list ($(wc -l <"$list") files)"
}

main() {
    while getopts ":vd:h" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            d) KEEP_DAYS="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    local -a todo=("$@")
    [[ ${#todo[@]} -eq 0 ]] && todo=("${ORDER[@]}")
    local a fn
    for a in "${todo[@]}"; do
        fn="${ACTIONS[$a]:-}"
        [[ -n "$fn" ]] || { usage; exit 2; }
        "$fn"
    done
    log "done"
}

main "$@"
