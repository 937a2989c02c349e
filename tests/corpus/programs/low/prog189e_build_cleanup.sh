#!/usr/bin/env bash
# Housekeeping for the velodrome-apps repo checkout (timing UI, kiosk pages,
# booking widgets). Clears build output and caches, trims old local logs and
# writes checksums of the release bundles. Only touches this directory.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEEP_LOGS="${KEEP_LOGS:-14}"
DRY_RUN=0

usage() { echo "usage: $0 [-n] [-k days]"; }

while getopts "nk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_LOGS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$ROOT"

remove() {
    if (( DRY_RUN )); then
        printf 'would remove %s\n' "$@"
    else
        rm -rf -- "$@"
    fi
}

clean_build() {
    local d
    for d in build dist .pytest_cache .mypy_cache node_modules/.cache; do
        [[ -e "$d" ]] && remove "$d"
    done
    find . -path ./.git -prune -o -type d -name __pycache__ -print0 | while IFS= read -r -d '' p; do
        remove "$p"
    done
    find . -path ./.git -prune -o -type f \( -name '*.pyc' -o -name '*.pyo' \) -print0 |
        while IFS= read -r -d '' p; do remove "$p"; done
    echo "build output cleared"
}

trim_logs() {
    [[ -d logs ]] || return 0
    local n=0
    while IFS= read -r -d '' f; do
        remove "$f"
        n=$((n + 1))
    done < <(find logs -type f -name '*.log' -mtime +"$KEEP_LOGS" -print0)
    echo "trimmed $n local log files older than $KEEP_LOGS days"
}

checksum_releases() {
    [[ -d releases ]] || return 0
    (cd releases && sha256sum ./*.tar.gz > SHA256SUMS 2>/dev/null) || true
    [[ -f releases/SHA256SUMS ]] && chmod 600 releases/SHA256SUMS
    echo "release checksums written"
}

report() {
    du -sh . 2>/dev/null | awk '{print "checkout size now " $1}'
}

clean_build
trim_logs
checksum_releases
report
