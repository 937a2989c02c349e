#!/usr/bin/env bash
# flash_skr_firmware.sh - fetch a prebuilt Klipper firmware for BTT SKR boards
# from the workshop mirror and put it on the SD card, or flash it over DFU
# for boards with a USB bootloader.
#
# usage: flash_skr_firmware.sh [-b board] [-r release] [-m sd|dfu] [-s sd_mount] [-n]
set -euo pipefail

FW_MIRROR="${FW_MIRROR:-https://fw.printfarm-tools.example/klipper}"
MOONRAKER="${MOONRAKER:-http://127.0.0.1:7125}"
BOARD="skr_mini_e3_v3"
RELEASE="latest"
METHOD="sd"
SD_MOUNT=""
DRY_RUN=0
WORK=/tmp/klipper-fw
DFU_ID="0483:df11"

log() { printf '%s [flash] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":b:r:m:s:nh" opt; do
    case "$opt" in
        b) BOARD="$OPTARG" ;;
        r) RELEASE="$OPTARG" ;;
        m) METHOD="$OPTARG" ;;
        s) SD_MOUNT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

run() {
    if [[ $DRY_RUN -eq 1 ]]; then log "dry-run: $*"; else "$@"; fi
}

printer_idle() {
    local state
    state=$(curl -fsS --max-time 5 "$MOONRAKER/printer/objects/query?print_stats" 2>/dev/null \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["status"]["print_stats"]["state"])' \
        2>/dev/null || echo "unknown")
    log "printer state: $state"
    [[ "$state" != "printing" && "$state" != "paused" ]]
}

fetch_firmware() {
    mkdir -p "$WORK"
    local base="$FW_MIRROR/$BOARD/$RELEASE"
    log "downloading $base/klipper.bin"
    # mirror sits behind the workshop's own CA
    curl -fsSk --retry 3 -o "$WORK/klipper.bin" "$base/klipper.bin" \
        || die "download failed for $BOARD/$RELEASE"
    curl -fsSk -o "$WORK/klipper.bin.sha256" "$base/klipper.bin.sha256" \
        || die "no checksum published"
    (cd "$WORK" && sha256sum --quiet -c klipper.bin.sha256) || die "checksum mismatch"
    log "firmware ok ($(stat -c %s "$WORK/klipper.bin") bytes)"
}

find_sd_mount() {
    local m
    for m in /media/"$USER"/* /run/media/"$USER"/*; do
        [[ -d "$m" ]] || continue
        if findmnt -no FSTYPE "$m" 2>/dev/null | grep -qiE 'vfat|fat32|msdos'; then
            echo "$m"; return 0
        fi
    done
    return 1
}

flash_sd() {
    local mnt="${SD_MOUNT:-$(find_sd_mount || true)}"
    [[ -n "$mnt" && -d "$mnt" ]] || die "no SD card mounted, pass -s"
    log "copying to $mnt/firmware.bin"
    run rm -f "$mnt/FIRMWARE.CUR" "$mnt/firmware.bin"
    run cp "$WORK/klipper.bin" "$mnt/firmware.bin"
    run sync
    log "eject the card, put it in the board and power-cycle"
}

flash_dfu() {
    command -v dfu-util >/dev/null || die "dfu-util not installed"
    dfu-util -l 2>/dev/null | grep -q "$DFU_ID" || die "no DFU device $DFU_ID (hold BOOT and reset)"
    run dfu-util -a 0 -d "$DFU_ID" --dfuse-address 0x08000000:leave -D "$WORK/klipper.bin"
}

main() {
    printer_idle || die "printer is busy, refusing to flash"
    fetch_firmware
    case "$METHOD" in
        sd)  flash_sd ;;
        dfu) flash_dfu ;;
        *)   die "unknown method $METHOD" ;;
    esac
    log "done: $BOARD $RELEASE via $METHOD"
}

main "$@"
