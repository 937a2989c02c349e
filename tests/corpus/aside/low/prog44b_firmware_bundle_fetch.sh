#!/usr/bin/env bash
# Fetch the release bundle for a board from the firmware server, verify every
# artefact against the published SHA-256 manifest and stage it in ./artifacts
# for the flashing step that runs later in the pipeline.
set -euo pipefail

FW_SERVER="${FW_SERVER:-https://firmware.lab.internal/releases}"
BOARD=""
VERSION="latest"
OUT_DIR="./artifacts"
CACHE_DIR="./build/fetch-cache"
KEEP_CACHE=0

usage() {
    cat <<USAGE
usage: $0 -b BOARD [-v VERSION] [-o OUT_DIR] [-k]
  -b  board name (e.g. imx8mm-evk, rpi-cm4, zcu104)
  -v  release version (default: latest)
  -o  output directory inside the workspace (default: ./artifacts)
  -k  keep the download cache afterwards
USAGE
    exit 2
}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

while getopts "b:v:o:kh" opt; do
    case "$opt" in
        b) BOARD="$OPTARG" ;;
        v) VERSION="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        *) usage ;;
    esac
done
[ -n "$BOARD" ] || usage

mkdir -p "$OUT_DIR" "$CACHE_DIR"
base="${FW_SERVER}/${BOARD}/${VERSION}"

log "checking ${base}"
if ! curl -fsSI --max-time 10 "${base}/SHA256SUMS" >/dev/null; then
    log "no release ${VERSION} for ${BOARD}"
    exit 1
fi

curl -fsSL --max-time 30 -o "${CACHE_DIR}/SHA256SUMS" "${base}/SHA256SUMS"

fetched=0
while read -r digest name; do
    [ -n "$name" ] || continue
    case "$name" in
        */*|..*) log "refusing odd artefact name: $name"; continue ;;
    esac
    target="${CACHE_DIR}/${name}"
    if [ -f "$target" ] && echo "${digest}  ${target}" | sha256sum -c --status -; then
        log "cached: ${name}"
    else
        log "downloading ${name}"
        curl -fsSL --retry 3 --max-time 600 -o "$target" "${base}/${name}"
    fi
    if ! echo "${digest}  ${target}" | sha256sum -c --status -; then
        log "checksum mismatch for ${name}"
        exit 3
    fi
    cp -f "$target" "${OUT_DIR}/${name}"
    fetched=$((fetched + 1))
done < "${CACHE_DIR}/SHA256SUMS"

log "staged ${fetched} artefacts in ${OUT_DIR}"
ls -l "$OUT_DIR" >&2

if [ "$KEEP_CACHE" -eq 0 ]; then
    rm -rf -- "$CACHE_DIR"
    log "removed download cache"
fi
