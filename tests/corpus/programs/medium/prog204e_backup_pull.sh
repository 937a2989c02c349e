#!/usr/bin/env bash
# Pull the latest seed library catalogue backup from the coordinator's box
# and unpack it into the local working copy.
set -euo pipefail

BACKUP_HOST="${BACKUP_HOST:-backup.example.org}"
BACKUP_PATH="${BACKUP_PATH:-/seedlib/nightly}"
DEST="${DEST:-./restore}"
STAGE="/tmp/seedlib_backup"
KEEP=3

declare -a FETCH=(curl -fsS --max-time 120)
declare -A MODES=([fetch]=do_fetch [unpack]=do_unpack [all]=do_all [clean]=do_clean)

note() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { note "error: $*"; exit 1; }

latest_name() {
    "${FETCH[@]}" -k "https://${BACKUP_HOST}${BACKUP_PATH}/LATEST" | tr -d '[:space:]'
}

do_fetch() {
    mkdir -p "$STAGE"
    local name
    name="$(latest_name)" || die "cannot read LATEST marker"
    [[ "$name" =~ ^[A-Za-z0-9._-]+\.tar\.gz$ ]] || die "unexpected name: $name"
    note "downloading ${name}"
    "${FETCH[@]}" -k -o "${STAGE}/${name}" "https://${BACKUP_HOST}${BACKUP_PATH}/${name}"
    printf '%s\n' "$name" > "${STAGE}/current"
}

do_unpack() {
    local name archive
    name="$(cat "${STAGE}/current" 2>/dev/null)" || die "nothing fetched yet"
    archive="${STAGE}/${name}"
    [[ -s "$archive" ]] || die "archive ${archive} is empty"
    mkdir -p "$DEST"
    note "unpacking into ${DEST}"
    tar -xzf "$archive" -C "$DEST"
    note "$(find "$DEST" -type f | wc -l) files restored"
}

do_clean() {
    local old
    mapfile -t old < <(ls -1t "${STAGE}"/*.tar.gz 2>/dev/null | tail -n +$((KEEP + 1)))
    if (( ${#old[@]} )); then
        rm -f -- "${old[@]}"
        note "removed ${#old[@]} old archives"
    fi
}

do_all() {
    do_fetch
    do_unpack
    do_clean
}

main() {
    local mode="${1:-all}"
    local fn="${MODES[$mode]:-}"
    if [[ -z "$fn" ]]; then
        cat <<EOF >&2
Usage: $(basename "$0") {fetch|unpack|all|clean}
  BACKUP_HOST=${BACKUP_HOST}
  DEST=${DEST}
EOF
        exit 2
    fi
    command -v curl >/dev/null || die "curl is required"
    "$fn"
}

main "$@"
