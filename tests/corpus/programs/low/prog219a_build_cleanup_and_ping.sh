#!/usr/bin/env bash
# Clean the PACS integration tools' build outputs in this checkout and ping
# the DICOMweb / HL7 gateway endpoints the tools talk to.
# Only ever removes paths inside the current working directory.
set -euo pipefail

ROOT="$(pwd -P)"
TARGETS=(build dist .pytest_cache .mypy_cache .tox htmlcov "*.egg-info")
ENDPOINTS=(
    "https://dicomweb.example.org/health"
    "https://hl7-gw.example.org/status"
    "https://viewer.example.net/"
)
TIMEOUT="${TIMEOUT:-8}"
DRY=0
SKIP_PING=0

log() { printf '%s cleanup: %s\n' "$(date +%T)" "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY=1 ;;
        --no-ping)    SKIP_PING=1 ;;
        -h|--help)    echo "usage: $0 [-n] [--no-ping]"; exit 0 ;;
        *)            echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

inside_root() {
    # resolve and make sure the path is strictly under ROOT
    local p
    p="$(realpath -m -- "$1")"
    [[ "$p" == "$ROOT"/* ]]
}

remove() {
    local p="$1"
    if ! inside_root "$p"; then
        log "refusing to touch $p (outside $ROOT)"
        return 0
    fi
    if [[ $DRY -eq 1 ]]; then
        log "would remove $p"
    else
        rm -rf -- "$p"
        log "removed ${p#"$ROOT"/}"
    fi
}

clean_build() {
    local pattern match n=0
    shopt -s nullglob
    for pattern in "${TARGETS[@]}"; do
        for match in "$ROOT"/$pattern; do
            remove "$match"; n=$((n + 1))
        done
    done
    shopt -u nullglob
    while IFS= read -r -d '' match; do
        remove "$match"; n=$((n + 1))
    done < <(find "$ROOT" -type d -name __pycache__ -not -path '*/.git/*' -print0)
    find "$ROOT" -type f \( -name '*.pyc' -o -name '*.pyo' \) -not -path '*/.git/*' -delete
    log "$n build path(s) handled"
}

host_info() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    log "host: $(hostname -s) on $name"
}

ping_endpoints() {
    local url code up=0
    for url in "${ENDPOINTS[@]}"; do
        code="$(curl -sS -I -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url" || echo 000)"
        if [[ "$code" =~ ^(2|3) ]]; then
            log "UP   $code $url"; up=$((up + 1))
        else
            log "DOWN $code $url"
        fi
    done
    log "$up/${#ENDPOINTS[@]} endpoints reachable"
}

main() {
    host_info
    clean_build
    [[ $SKIP_PING -eq 1 ]] || ping_endpoints
}

main
