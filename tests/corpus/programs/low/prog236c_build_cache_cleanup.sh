#!/usr/bin/env bash
# Tidy a CAT project workspace before archiving it.
#
# Removes the build output and caches our own tooling leaves in the project
# folder (preview renders, wordcount caches, packaging staging), checks that
# the TM server still answers, and prints what was reclaimed.
set -euo pipefail

PROJECT="${1:-.}"
TM_HEALTH_URL="${TM_HEALTH_URL:-https://tm01.cat.example.com/health}"
DRY=0
[[ "${2:-}" == "--dry-run" ]] && DRY=1

# our own generated folders / files, relative to the project root
CACHE_DIRS=("build" "dist" ".tmcache" ".preview" ".fontstage" "__pycache__")
CACHE_FILES=(".wordcount-cache.json" "*.pyc" "*.partial" "mt_suggestions.tsv.bak")

log() { printf '[tidy] %s\n' "$*" >&2; }

bytes_of() {
    du -sb -- "$@" 2>/dev/null | awk '{s += $1} END {print s + 0}'
}

human() {
    numfmt --to=iec --suffix=B "${1:-0}" 2>/dev/null || echo "${1:-0}B"
}

remove_path() {
    local p="$1"
    if (( DRY )); then
        log "would remove $p"
    else
        rm -rf -- "$p"
    fi
}

clean_dirs() {
    local d found total=0
    for d in "${CACHE_DIRS[@]}"; do
        while IFS= read -r -d '' found; do
            total=$((total + $(bytes_of "$found")))
            remove_path "$found"
        done < <(find "$PROJECT" -type d -name "$d" -prune -print0)
    done
    echo "$total"
}

clean_files() {
    local pat f total=0
    for pat in "${CACHE_FILES[@]}"; do
        while IFS= read -r -d '' f; do
            total=$((total + $(bytes_of "$f")))
            remove_path "$f"
        done < <(find "$PROJECT" -type f -name "$pat" -print0)
    done
    echo "$total"
}

check_tm_server() {
    local code
    code="$(curl -s -o /dev/null -I --max-time 10 -w '%{http_code}' "$TM_HEALTH_URL" || echo 000)"
    if [[ "$code" == 2* ]]; then
        log "TM server healthy ($code)"
    else
        log "TM server check returned $code; archive anyway, but tell IT"
    fi
}

fingerprint() {
    find "$PROJECT" -type f -not -path '*/.git/*' -print0 | sort -z |
        xargs -0 -r md5sum | md5sum | cut -c1-12
}

main() {
    [[ -d "$PROJECT" ]] || { echo "no such project: $PROJECT" >&2; exit 1; }
    case "$(cd "$PROJECT" && pwd)" in
        /|"$HOME") echo "refusing to tidy $PROJECT" >&2; exit 1 ;;
    esac
    log "tidying $PROJECT"
    local a b
    a="$(clean_dirs)"
    b="$(clean_files)"
    log "reclaimed $(human $((a + b)))"
    check_tm_server
    log "workspace fingerprint $(fingerprint)"
}

main
