#!/usr/bin/env bash
# Set up the Lumiere gallery uploader client on a studio workstation.
#
# Creates a private virtualenv, writes the studio config and pulls the
# release manifest and default watermark from the studio's local mirror
# (the mirror box in the back office uses its own certificate).
#
# Usage: gallery_client_setup.sh [--prefix DIR] [--channel stable|beta]
#                                [--studio-id ID]

set -euo pipefail

PREFIX="${PREFIX:-$HOME/.local/share/lumiere-uploader}"
MIRROR_BASE="${LUMIERE_MIRROR_BASE:-https://mirror.studio.lan/lumiere/client}"
CHANNEL="stable"
STUDIO_ID="${LUMIERE_STUDIO_ID:-}"
STAGING="/tmp/lumiere-setup"

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix)     PREFIX="$2"; shift 2 ;;
        --channel)    CHANNEL="$2"; shift 2 ;;
        --studio-id)  STUDIO_ID="$2"; shift 2 ;;
        -h|--help)    usage ;;
        *) die "unknown option: $1" ;;
    esac
done

check_deps() {
    for bin in python3 curl; do
        command -v "$bin" >/dev/null 2>&1 || die "$bin is required"
    done
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' \
        || die "python 3.9+ required"
}

make_venv() {
    if [ ! -x "$PREFIX/venv/bin/python" ]; then
        log "creating virtualenv in $PREFIX/venv"
        python3 -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet "requests>=2.31" "Pillow>=10.0" "tqdm"
}

write_config() {
    local cfg="$PREFIX/uploader.json"
    [ -f "$cfg" ] && { log "keeping existing $cfg"; return; }
    cat > "$cfg" <<EOF
{
  "studio_id": "${STUDIO_ID:-unset}",
  "channel": "$CHANNEL",
  "queue_dir": "$PREFIX/queue",
  "max_edge_px": 3840,
  "jpeg_quality": 88,
  "watermark": "$PREFIX/presets/watermark.png"
}
EOF
    chmod 600 "$cfg"
    mkdir -p "$PREFIX/queue" "$PREFIX/presets"
}

mirror_get() {
    # $1 = path under the mirror, $2 = output file
    local url="$MIRROR_BASE/$1"
    for attempt in 1 2 3; do
        if curl -fsS --insecure --max-time 20 -o "$2" "$url"; then
            return 0
        fi
        log "fetch of $1 failed (attempt $attempt)"
        sleep $((attempt * 3))
    done
    return 1
}

manifest_field() {
    "$PREFIX/venv/bin/python" - "$STAGING/manifest.json" "$1" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
print(data.get(sys.argv[2], ""))
PY
}

fetch_assets() {
    mkdir -p "$STAGING"
    mirror_get "$CHANNEL/manifest.json" "$STAGING/manifest.json" \
        || die "could not fetch manifest from $MIRROR_BASE"
    cp "$STAGING/manifest.json" "$PREFIX/manifest.json"
    if mirror_get "$CHANNEL/presets/watermark.png" "$STAGING/watermark.png"; then
        mv "$STAGING/watermark.png" "$PREFIX/presets/watermark.png"
    else
        log "no watermark on mirror, uploads will go out unmarked"
    fi
}

main() {
    check_deps
    mkdir -p "$PREFIX"
    make_venv
    write_config
    fetch_assets
    log "release $(manifest_field version) on channel $CHANNEL"
    log "installed. Launch with: $PREFIX/venv/bin/python -m lumiere_uploader"
}

main "$@"
