#!/usr/bin/env bash
# Clean the build and cache output of the signal box simulator checkout,
# and work out whether the compiled track layout cache is still valid.
# Only touches the current working folder.
set -euo pipefail

ROOT="$(pwd -P)"
LOG="$ROOT/clean.log"
LAYOUT_DIR="$ROOT/layouts"
CACHE_DIR="$ROOT/.cache/layouts"
KEY_FILE="$CACHE_DIR/KEY"
TARGETS=(build dist .pytest_cache .mypy_cache)
KEEP_LAYOUT_CACHE=1
DEEP=0

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG" >&2; }

usage() {
    cat <<EOF
usage: $0 [--deep] [--drop-layout-cache]
  --deep               also remove __pycache__ folders and *.pyc
  --drop-layout-cache  remove the compiled layout cache even if still valid
EOF
}

inside_root() {
    local p
    p="$(realpath -m "$1")"
    [[ "$p" == "$ROOT"/* ]]
}

remove_dir() {
    local d="$ROOT/${1:?}"
    if ! inside_root "$d"; then
        log "refusing to touch $d"
        return 1
    fi
    if [[ -e "$d" ]]; then
        rm -rf -- "$d"
        log "removed $1"
    fi
}

layout_key() {
    # cache key = MD5 over layout sources, in a stable order
    if [[ ! -d "$LAYOUT_DIR" ]]; then
        echo "none"
        return
    fi
    find "$LAYOUT_DIR" -type f -name '*.lay' -print0 | sort -z | xargs -0 -r md5sum | md5sum | cut -d' ' -f1
}

check_layout_cache() {
    local now old
    now="$(layout_key)"
    old="$(cat "$KEY_FILE" 2>/dev/null || echo "")"
    if [[ "$KEEP_LAYOUT_CACHE" -eq 1 && "$now" == "$old" ]]; then
        log "layout cache still valid ($now)"
        return 0
    fi
    remove_dir ".cache/layouts"
    mkdir -p "$CACHE_DIR"
    printf '%s\n' "$now" >"$KEY_FILE"
    log "layout cache reset, new key $now"
}

deep_clean() {
    local n
    n="$(find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name __pycache__ -print | wc -l)"
    find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +
    find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name '*.py[co]' -delete
    log "deep clean: $n __pycache__ folder(s)"
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --deep) DEEP=1 ;;
            --drop-layout-cache) KEEP_LAYOUT_CACHE=0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
    [[ -f "$ROOT/simulator.toml" ]] || { echo "run this from the simulator checkout" >&2; exit 1; }
    touch "$LOG"
    chmod 600 "$LOG"
    local t
    for t in "${TARGETS[@]}"; do
        remove_dir "$t"
    done
    [[ "$DEEP" -eq 1 ]] && deep_clean
    check_layout_cache
    log "clean finished"
}

main "$@"
