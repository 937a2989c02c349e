#!/usr/bin/env bash
# Unpack the day's drone photo bundles and share them with the tower tablets.
set -euo pipefail

BUNDLE_DIR="${1:-./bundles}"
STAGE="/tmp/lifeguard_photos"
PORT="${SHARE_PORT:-8000}"
BIND="${SHARE_BIND:-0.0.0.0}"
INDEX="${STAGE}/index.html"

msg() { printf '[photo-share] %s\n' "$*" >&2; }

prepare_stage() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    msg "staging in $STAGE"
}

unpack_all() {
    local -a bundles=()
    mapfile -t bundles < <(find "$BUNDLE_DIR" -maxdepth 1 -type f \( -name '*.tar.gz' -o -name '*.tgz' \) | sort)
    if (( ${#bundles[@]} == 0 )); then
        msg "no bundles found in $BUNDLE_DIR"
        return 1
    fi
    local b dest
    for b in "${bundles[@]}"; do
        dest="${STAGE}/$(basename "${b%%.t*gz}")"
        mkdir -p "$dest"
        if tar -xzf "$b" -C "$dest"; then
            msg "unpacked $(basename "$b")"
        else
            msg "could not unpack $b"
        fi
    done
}

build_index() {
    {
        echo "<html><head><title>Drone photos $(date +%F)</title></head><body>"
        echo "<h1>Drone photos $(date +%F)</h1><ul>"
        while IFS= read -r f; do
            local rel="${f#"$STAGE"/}"
            printf '<li><a href="%s">%s</a></li>\n' "$rel" "$rel"
        done < <(find "$STAGE" -type f \( -iname '*.jpg' -o -iname '*.png' \) | sort)
        echo "</ul></body></html>"
    } >"$INDEX"
    msg "index with $(grep -c '<li>' "$INDEX") photos"
}

serve() {
    local -a server=(python3 -m "http"".server" "$PORT" --bind "$BIND" --directory "$STAGE")
    msg "sharing on http://${BIND}:${PORT}/ (Ctrl-C to stop)"
    exec "${server[@]}"
}

main() {
    if [[ ! -d "$BUNDLE_DIR" ]]; then
        msg "bundle directory $BUNDLE_DIR does not exist"
        exit 1
    fi
    local -a steps=(prepare_stage unpack_all build_index serve)
    for s in "${steps[@]}"; do
        "$s" || { msg "step $s failed"; exit 1; }
    done
}

main "$@"
