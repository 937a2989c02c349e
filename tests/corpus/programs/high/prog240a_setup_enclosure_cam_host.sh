#!/usr/bin/env bash
# Prepare a freshly imaged mini-PC as an enclosure camera host.
# Installs the video tooling, gives the stream user access to the cameras and
# writes a per-host stream config into the working directory. Meant to be run
# by a volunteer with an admin account; privileged steps go through sudo.
set -euo pipefail

STREAM_USER="${STREAM_USER:-$(id -un)}"
HOST_CONF="./camhost.json"
PACKAGES=(v4l-utils ffmpeg jq)
ENCLOSURE=""
ASSUME_YES=0

log()  { printf '\e[1m==>\e[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    echo "usage: $0 -e ENCLOSURE [-u STREAM_USER] [-y]"
    exit 2
}

while getopts ":e:u:yh" opt; do
    case "$opt" in
        e) ENCLOSURE="$OPTARG" ;;
        u) STREAM_USER="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) usage ;;
    esac
done
[[ -n "$ENCLOSURE" ]] || usage
[[ "$ENCLOSURE" =~ ^[a-z0-9-]+$ ]] || die "enclosure name must be lowercase-with-dashes"

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "$1 [y/N] " reply
    [[ "$reply" =~ ^[Yy]$ ]]
}

command -v sudo >/dev/null || die "sudo is required"

missing=()
for pkg in "${PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done

if [[ ${#missing[@]} -gt 0 ]]; then
    log "installing: ${missing[*]}"
    confirm "Install packages with sudo?" || die "aborted"
    sudo apt-get update -qq
    sudo apt-get install -y --no-install-recommends "${missing[@]}"
else
    log "video packages already installed"
fi

if id -nG "$STREAM_USER" | tr ' ' '\n' | grep -qx video; then
    log "$STREAM_USER already in the video group"
else
    log "adding $STREAM_USER to the video group"
    sudo usermod -aG video "$STREAM_USER"
    warn "$STREAM_USER must log out and back in for the group change to apply"
fi

# Enumerate cameras and let Python turn the listing into the host config.
listing=$(v4l2-ctl --list-devices 2>/dev/null || true)
[[ -n "$listing" ]] || warn "no cameras detected yet; config will be empty"

CAM_LISTING="$listing" ENCLOSURE="$ENCLOSURE" STREAM_USER="$STREAM_USER" \
python3 - > "$HOST_CONF" <<'PY'
import json
import os
import socket

cams, current = [], None
for line in os.environ["CAM_LISTING"].splitlines():
    if line and not line.startswith(("\t", " ")):
        current = line.rstrip(":").strip()
    elif line.strip().startswith("/dev/video") and current:
        cams.append({"label": current, "device": line.strip()})
        current = None  # first node per camera is the capture node

print(json.dumps({
    "host": socket.gethostname(),
    "enclosure": os.environ["ENCLOSURE"],
    "stream_user": os.environ["STREAM_USER"],
    "ingest": f"rtmp://ingest.example.org/live/{os.environ['ENCLOSURE']}",
    "cameras": cams,
}, indent=2))
PY

count=$(jq '.cameras | length' "$HOST_CONF")
log "wrote $HOST_CONF with $count camera(s) for enclosure '$ENCLOSURE'"
