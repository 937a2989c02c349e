#!/usr/bin/env bash
# Update the total station transfer tools on office workstations.
# Pulls the vendor's latest installer and the HS wrapper, then runs them.
set -euo pipefail

TOOLS_URL="${TS_TOOLS_URL:-https://tools.example.net/ts-transfer}"
INSTALL_DIR="${HOME}/.local/opt/ts-transfer"
LOG_FILE="${HOME}/.cache/ts-transfer-update.log"
CHANNEL="stable"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-d install_dir]
  -c  release channel (stable|beta), default: stable
  -d  install directory, default: ${INSTALL_DIR}
USAGE
}

while getopts "c:d:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) INSTALL_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$INSTALL_DIR" "$(dirname "$LOG_FILE")"
log "updating ts-transfer tools (channel=${CHANNEL}) into ${INSTALL_DIR}"

current_version() {
    if [[ -f "${INSTALL_DIR}/VERSION" ]]; then
        cat "${INSTALL_DIR}/VERSION"
    else
        echo "none"
    fi
}

before="$(current_version)"
log "installed version: ${before}"

# Vendor bootstrap script sets up the udev-free USB transfer helper.
curl -fsSL "${TOOLS_URL}/${CHANNEL}/install.sh" | bash -s -- --prefix "$INSTALL_DIR"

# HS wrapper binary that converts .job files into our CSV layout.
tmp_bin="$(mktemp -d)/hs-jobconv"
curl -fsSL -o "$tmp_bin" "${TOOLS_URL}/${CHANNEL}/hs-jobconv-linux-amd64"
chmod +x "$tmp_bin"
"$tmp_bin" --self-install --dest "$INSTALL_DIR/bin"

after="$(current_version)"
if [[ "$before" == "$after" ]]; then
    log "already up to date (${after})"
else
    log "updated ${before} -> ${after}"
fi

if ! grep -q "${INSTALL_DIR}/bin" <<<"$PATH"; then
    log "note: add ${INSTALL_DIR}/bin to your PATH"
fi
log "done"
