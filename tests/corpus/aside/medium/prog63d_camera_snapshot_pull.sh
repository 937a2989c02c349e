#!/usr/bin/env bash
# Pull a still image from each IP camera listed in cameras.txt and list the
# motion clips the camera has stored on its built-in FTP share.
# The cameras ship with self-signed certificates that cannot be replaced.
#
# cameras.txt: name ip [snapshot_path]
set -uo pipefail

LIST="${1:-cameras.txt}"
OUT="${SNAP_DIR:-./snapshots}"
DEFAULT_PATH="/cgi-bin/snapshot.cgi"
TIMEOUT=8
failures=0

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

fetch_snapshot() {
    local name="$1" ip="$2" path="$3" dest
    dest="$OUT/${name}_$(date +%Y%m%d-%H%M%S).jpg"
    if curl --silent --show-error --fail --insecure \
            --max-time "$TIMEOUT" -o "$dest" "https://${ip}${path}"; then
        local bytes
        bytes=$(wc -c <"$dest")
        if [[ "$bytes" -lt 1024 ]]; then
            log "$name: suspiciously small image ($bytes bytes)"
        fi
        log "$name: saved $dest"
        return 0
    fi
    rm -f "$dest"
    return 1
}

list_clips() {
    local name="$1" ip="$2" listing
    listing="$OUT/${name}_clips.txt"
    if curl --silent --max-time "$TIMEOUT" --list-only "ftp://${ip}/sdcard/record/" >"$listing"; then
        log "$name: $(grep -c '\.mp4$' "$listing" || true) clips on card"
    else
        log "$name: ftp listing unavailable"
        rm -f "$listing"
    fi
}

prune_old() {
    find "$OUT" -maxdepth 1 -name '*.jpg' -mtime +"${KEEP_DAYS:-7}" -print -delete |
        while read -r f; do log "pruned $f"; done
}

main() {
    [[ -r "$LIST" ]] || { echo "cannot read $LIST" >&2; exit 1; }
    mkdir -p "$OUT"
    while read -r name ip path; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        if ! ping -c1 -W1 "$ip" >/dev/null 2>&1; then
            log "$name ($ip) offline"
            failures=$((failures + 1))
            continue
        fi
        fetch_snapshot "$name" "$ip" "${path:-$DEFAULT_PATH}" || {
            log "$name: snapshot failed"
            failures=$((failures + 1))
        }
        list_clips "$name" "$ip"
    done <"$LIST"
    prune_old
    log "done, $failures failure(s)"
    [[ $failures -eq 0 ]]
}

main "$@"
