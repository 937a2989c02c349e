#!/usr/bin/env bash
# pypi_mirror_pull.sh -- pull a partial PyPI mirror in step with upstream.
#
# Pulls the simple index and package files for the projects listed in
# mirror.conf from an rsync-capable upstream into $MIRROR_ROOT, rebuilds the
# top-level index and records a status file for the dashboard.  Scheduling
# is left to whatever runs this (CI job, operator).
#
# Usage: pypi_mirror_pull.sh [-c mirror.conf] [-q]

set -euo pipefail

SELF=$(readlink -f "$0")
CONF=${MIRROR_CONF:-./mirror.conf}
QUIET=0
LOCK=/tmp/pypi-mirror-sync.lock

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CONF=$2; shift 2 ;;
        -q|--quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,9p' "$SELF"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { [[ $QUIET -eq 1 ]] || printf '[%(%F %T)T] %s\n' -1 "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ -r $CONF ]] || die "config $CONF not readable"
# shellcheck source=/dev/null
source "$CONF"
: "${UPSTREAM:?UPSTREAM must be set in $CONF}"
: "${MIRROR_ROOT:=./mirror}"
: "${PROJECTS:?PROJECTS must be set in $CONF}"

sync_project() {
    local name=$1 norm
    norm=$(echo "$name" | tr '[:upper:]_.' '[:lower:]--')
    mkdir -p "$MIRROR_ROOT/simple/$norm" "$MIRROR_ROOT/packages"
    rsync -rt --delete --timeout=60 \
        "$UPSTREAM/simple/$norm/" "$MIRROR_ROOT/simple/$norm/" || return 1
    grep -o 'href="[^"]*"' "$MIRROR_ROOT/simple/$norm/index.html" \
        | sed -e 's/^href="//' -e 's/#.*//' -e 's/"$//' \
        | sed -n 's#^\.\./\.\./packages/##p' > "$MIRROR_ROOT/.files-$norm"
    rsync -rt --timeout=120 --files-from="$MIRROR_ROOT/.files-$norm" \
        "$UPSTREAM/packages/" "$MIRROR_ROOT/packages/"
}

rebuild_index() {
    local idx="$MIRROR_ROOT/simple/index.html"
    {
        echo '<!DOCTYPE html><html><body>'
        for d in "$MIRROR_ROOT"/simple/*/; do
            n=$(basename "$d")
            printf '<a href="%s/">%s</a>\n' "$n" "$n"
        done
        echo '</body></html>'
    } > "$idx.new" && mv "$idx.new" "$idx"
}

main() {
    exec 9>"$LOCK"
    flock -n 9 || { log "another sync is running"; exit 0; }

    local ok=0 failed=()
    for p in $PROJECTS; do
        if sync_project "$p"; then ok=$((ok + 1)); else failed+=("$p"); fi
    done
    rebuild_index
    printf '{"synced": %d, "failed": "%s", "at": %d}\n' \
        "$ok" "${failed[*]:-}" "$(date +%s)" > "$MIRROR_ROOT/status.json"
    log "synced $ok projects, ${#failed[@]} failed"
}

main
