#!/usr/bin/env bash
# Build cleanup for the trust's website generator checkout.
# Removes this project's generated output and caches (never anything outside
# the checkout) and writes a short environment note for the volunteer web
# team's issue tracker.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPORT="$PROJECT_ROOT/cleanup_report.txt"
DRY_RUN=0

generated=( build dist site/_generated .sass-cache )
cache_globs=( "__pycache__" ".pytest_cache" "*.egg-info" )

log() { printf '[cleanup] %s\n' "$*"; }

os_note() {
    local name="unknown" version=""
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        name="$(. /etc/os-release && printf '%s' "${NAME:-unknown}")"
        version="$(. /etc/os-release && printf '%s' "${VERSION_ID:-}")"
    fi
    printf '%s %s' "$name" "$version"
}

remove_path() {
    local target="$1"
    case "$target" in
        "$PROJECT_ROOT"/*) ;;
        *) log "refusing to touch $target"; return 1 ;;
    esac
    if (( DRY_RUN )); then
        log "would remove ${target#"$PROJECT_ROOT"/}"
    else
        rm -rf -- "$target"
        log "removed ${target#"$PROJECT_ROOT"/}"
    fi
}

clean_generated() {
    local d
    for d in "${generated[@]}"; do
        [[ -e "$PROJECT_ROOT/$d" ]] && remove_path "$PROJECT_ROOT/$d"
    done
    return 0
}

clean_caches() {
    local g found
    for g in "${cache_globs[@]}"; do
        while IFS= read -r -d '' found; do
            remove_path "$found"
        done < <(find "$PROJECT_ROOT" -name "$g" -prune -print0)
    done
}

write_report() {
    local size
    size="$(du -sh "$PROJECT_ROOT" 2>/dev/null | cut -f1)"
    cat > "$REPORT" <<EOF
cleanup run: $(date -u +%FT%TZ)
host os:     $(os_note)
checkout:    $PROJECT_ROOT
size now:    $size
EOF
    chmod 600 "$REPORT"
    log "report written to ${REPORT#"$PROJECT_ROOT"/}"
}

declare -A tasks=( [generated]=clean_generated [caches]=clean_caches [report]=write_report )

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        *) printf 'usage: %s [--dry-run]\n' "${0##*/}" >&2; exit 2 ;;
    esac
    shift
done

for t in generated caches report; do
    "${tasks[$t]}"
done
