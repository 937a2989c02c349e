#!/usr/bin/env bash
# ocr_langpack_updater.sh - keep the OCR language packs on the digitisation
# workstations current. The vendor publishes a small manifest that points at
# the installer for each channel; we fetch it and run it.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.net/ocr}"
CHANNEL="${CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-./.ocr_update}"
KEEP_INSTALLER=0
LOG_FILE=""

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" \
        | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [--channel stable|beta] [--base URL] [--keep]
  --channel   update channel to follow (default: $CHANNEL)
  --base      manifest base URL (default: $UPDATE_BASE)
  --keep      keep the downloaded installer after running it
USAGE
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --channel) CHANNEL="$2"; shift 2 ;;
            --base)    UPDATE_BASE="$2"; shift 2 ;;
            --keep)    KEEP_INSTALLER=1; shift ;;
            -h|--help) usage; exit 0 ;;
            *) echo "unknown option: $1" >&2; usage; exit 2 ;;
        esac
    done
    case "$CHANNEL" in
        stable|beta) ;;
        *) echo "channel must be stable or beta" >&2; exit 2 ;;
    esac
}

# Ask Python for the installer URL: the manifest is JSON and jq is not on
# every station. The manifest URL travels in the environment.
resolve_installer_url() {
    MANIFEST_URL="${UPDATE_BASE}/${CHANNEL}/manifest.json" python3 - <<'PY'
import json, os, sys, urllib.request
url = os.environ["MANIFEST_URL"]
try:
    with urllib.request.urlopen(url, timeout=20) as resp:
        manifest = json.load(resp)
except Exception as exc:
    print(f"manifest fetch failed: {exc}", file=sys.stderr)
    sys.exit(1)
installer = manifest.get("installer")
if not installer:
    print("manifest has no installer entry", file=sys.stderr)
    sys.exit(1)
print(installer)
PY
}

download_installer() {
    local url="$1" dest="$2"
    INSTALLER_URL="$url" INSTALLER_DEST="$dest" python3 -c '
import os, urllib.request
src, dst = os.environ["INSTALLER_URL"], os.environ["INSTALLER_DEST"]
with urllib.request.urlopen(src, timeout=60) as resp, open(dst, "wb") as out:
    out.write(resp.read())
'
    chmod 0700 "$dest"
}

main() {
    parse_args "$@"
    mkdir -p "$WORK_DIR"
    LOG_FILE="$WORK_DIR/update.log"
    log INFO "checking channel '$CHANNEL' at $UPDATE_BASE"

    local url
    if ! url="$(resolve_installer_url)"; then
        log ERROR "could not resolve installer from manifest"
        exit 1
    fi
    log INFO "installer published at $url"

    local installer="$WORK_DIR/langpack_install.sh"
    if ! download_installer "$url" "$installer"; then
        log ERROR "download failed"
        exit 1
    fi
    log INFO "downloaded $(wc -c < "$installer") bytes"

    log INFO "running installer"
    if bash "$installer" --unattended; then
        log INFO "language packs updated"
    else
        log ERROR "installer exited with status $?"
        exit 1
    fi

    if [[ "$KEEP_INSTALLER" -eq 0 ]]; then
        rm -f "$installer"
    fi
}

main "$@"
