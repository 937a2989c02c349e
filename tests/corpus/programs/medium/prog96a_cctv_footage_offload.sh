#!/usr/bin/env bash
# cctv_footage_offload.sh
#
# Nightly offload of room footage to the office NAS. Everything older than the
# hold period is packed per room into a dated tarball, checksummed and pushed
# to the NAS WebDAV share. Originals stay on the NVR; the NVR's own ring
# buffer takes care of expiring them.
#
#   -d DAYS    only offload footage older than DAYS (default 1)
#   -n         dry run, list what would be packed
#
# Roots and extensions can be overridden with OFFLOAD_ROOTS / OFFLOAD_EXT.

set -uo pipefail

HOLD_DAYS=1
DRY_RUN=0
OFFLOAD_ROOTS="${OFFLOAD_ROOTS:-/srv/nvr/recordings}"
OFFLOAD_EXT="${OFFLOAD_EXT:-mp4 mkv jpg}"
NAS_URL="${NAS_URL:-https://nas.office.lan:5006/cctv}"
NAS_USER="${NAS_USER:-cctv}"
STAGE=/tmp/cctv_stage
LOGFILE="${LOGFILE:-./offload.log}"

while getopts ":d:nh" opt; do
    case "$opt" in
        d) HOLD_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 1 ;;
    esac
done

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

find_expr() {
    local first=1 ext
    for ext in $OFFLOAD_EXT; do
        if [ $first -eq 1 ]; then first=0; else printf -- '-o\0'; fi
        printf -- '-iname\0*.%s\0' "$ext"
    done
}

candidates() {
    local root="$1"
    local -a expr
    mapfile -d '' expr < <(find_expr)
    find "$root" -xdev -type f \( "${expr[@]}" \) -mmin "+$((HOLD_DAYS * 1440))" -print0 2>/dev/null
}

upload() {
    local file="$1" tries=0
    while [ $tries -lt 5 ]; do
        if curl -fsS -k -m 600 -u "${NAS_USER}:${NAS_PASS:?NAS_PASS not set}" \
            -T "$file" "${NAS_URL}/$(basename "$file")" >/dev/null; then
            return 0
        fi
        tries=$((tries + 1))
        log "upload of $(basename "$file") failed, retry $tries"
        sleep $((tries * 10))
    done
    return 1
}

pack_room() {
    local room_dir="$1" room stamp tarball list
    room="$(basename "$room_dir")"
    stamp="$(date +%Y%m%d)"
    tarball="${STAGE}/${room}_${stamp}.tar.gz"
    list="${STAGE}/${room}.list"
    candidates "$room_dir" > "$list"
    if [ ! -s "$list" ]; then
        log "$room: nothing to offload"
        return 0
    fi
    tar --null -T "$list" -czf "$tarball" 2>/dev/null || { log "$room: tar failed"; return 1; }
    sha256sum "$tarball" > "${tarball}.sha256"
    if upload "$tarball" && upload "${tarball}.sha256"; then
        log "$room: offloaded $(tr -cd '\0' < "$list" | wc -c) files"
    else
        log "$room: offload failed, tarball left in $STAGE"
        return 1
    fi
    rm -f "$tarball" "${tarball}.sha256" "$list"
}

main() {
    mkdir -p "$STAGE"
    local root room_dir rc=0
    IFS=: read -r -a roots <<< "$OFFLOAD_ROOTS"
    for root in "${roots[@]}"; do
        [ -d "$root" ] || { log "skip missing root $root"; continue; }
        for room_dir in "$root"/*/; do
            [ -d "$room_dir" ] || continue
            if [ "$DRY_RUN" -eq 1 ]; then
                candidates "$room_dir" | tr '\0' '\n'
                continue
            fi
            pack_room "${room_dir%/}" || rc=1
        done
    done
    exit "$rc"
}

main "$@"
