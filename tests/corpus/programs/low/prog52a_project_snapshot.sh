#!/usr/bin/env bash
# project_snapshot.sh - make a dated tarball of the current project into ./backups
# and keep only the newest N snapshots.
#
# usage: ./project_snapshot.sh [-k KEEP] [-x EXCLUDE]... [-n]
set -euo pipefail

KEEP=7
DRY_RUN=0
BACKUP_DIR="./backups"
EXCLUDES=(".git" "node_modules" "backups" "__pycache__" ".venv")

log() { printf '%s [snapshot] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":k:x:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        x) EXCLUDES+=("$OPTARG") ;;
        n) DRY_RUN=1 ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ "$KEEP" =~ ^[0-9]+$ ]] || die "KEEP must be a number"

project_name() {
    basename "$(pwd)" | tr -c 'A-Za-z0-9._-\n' '_'
}

build_exclude_args() {
    local e
    for e in "${EXCLUDES[@]}"; do
        printf -- '--exclude=./%s\n' "$e"
    done
}

make_snapshot() {
    local name stamp archive
    name="$(project_name)"
    stamp="$(date +%Y%m%d-%H%M%S)"
    archive="${BACKUP_DIR}/${name}-${stamp}.tar.gz"
    mkdir -p "$BACKUP_DIR"
    mapfile -t excl < <(build_exclude_args)
    if (( DRY_RUN )); then
        log "would write $archive"
        return 0
    fi
    tar -czf "$archive" "${excl[@]}" .
    chmod 600 "$archive"
    sha256sum "$archive" > "${archive}.sha256"
    chmod 600 "${archive}.sha256"
    log "wrote $archive ($(du -h "$archive" | cut -f1))"
}

prune_old() {
    local count=0 f
    # newest first; everything past KEEP is one of our own old snapshots
    while IFS= read -r f; do
        count=$((count + 1))
        if (( count > KEEP )); then
            if (( DRY_RUN )); then
                log "would remove $f"
            else
                rm -f -- "$f" "${f}.sha256"
                log "removed old snapshot $(basename "$f")"
            fi
        fi
    done < <(ls -1t "$BACKUP_DIR"/"$(project_name)"-*.tar.gz 2>/dev/null || true)
}

verify_latest() {
    local latest
    latest="$(ls -1t "$BACKUP_DIR"/*.tar.gz 2>/dev/null | head -n1 || true)"
    [[ -n "$latest" ]] || return 0
    (cd "$BACKUP_DIR" && sha256sum -c --quiet "$(basename "$latest").sha256") \
        && log "checksum ok for $(basename "$latest")"
}

make_snapshot
prune_old
(( DRY_RUN )) || verify_latest
